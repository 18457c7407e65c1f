/** The moods of docs/product.md §2 and the rating each one sends. */
export const MOODS = [
  { rating: 1, label: 'Angry', emoji: '😠' },
  { rating: 2, label: 'Neutral', emoji: '😐' },
  { rating: 3, label: 'Excited', emoji: '🤩' },
] as const;

export type MoodRating = (typeof MOODS)[number]['rating'];

/** Tapping the chosen mood again deselects it; tapping another one chooses that one. */
export const toggleMood = (current: MoodRating | null, tapped: MoodRating): MoodRating | null => (current === tapped ? null : tapped);
