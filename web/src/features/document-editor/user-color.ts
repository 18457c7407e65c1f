/** Colours that keep white initials and a light selection tint readable (antd's palette, 6th shades). */
const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#f5222d', '#2f54eb', '#a0d911', '#faad14', '#fa541c', '#08979c'];

/** A person's colour in co-editing (avatar, cursor, selection): the same for a user id on every screen and visit. */
export function userColor(userId: number): string {
  // Knuth's multiplicative hash spreads consecutive ids (new accounts) over the palette.
  const hash = Math.imul(userId, 2654435761) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#1677ff';
}

/** The colour at 20% opacity (y-codemirror.next paints remote selections with it). */
export const selectionTint = (color: string): string => `${color}33`;
