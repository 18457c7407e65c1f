import { createRequire } from 'node:module';
import type TurndownService from 'turndown';

/**
 * The GitHub-flavoured rules of turndown-plugin-gfm used here. The package ships no types, and an ambient
 * declaration would reach only the projects that compile this folder, not those that import content's code.
 */
interface GfmPlugins {
  highlightedCodeBlock: TurndownService.Plugin;
  strikethrough: TurndownService.Plugin;
  taskListItems: TurndownService.Plugin;
}

export const { highlightedCodeBlock, strikethrough, taskListItems } = createRequire(import.meta.url)('turndown-plugin-gfm') as GfmPlugins;
