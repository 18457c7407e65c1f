// turndown-plugin-gfm ships no types: the plugins used here, each a turndown plugin.
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  export const highlightedCodeBlock: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
  export const taskListItems: TurndownService.Plugin;
}
