import type { OwnerDto, Suggestion, SuggestionAuthor } from '@prd/proto';
import { relativeTime } from '../../shared/format/relative-time';
import type { TrackedChange } from './tracked-changes';

const personName = (person: OwnerDto): string => person.name || person.username;

/** Who proposed a suggestion: "AI · asked by Dana", a person's name, or a token's name. */
export function suggestionAuthorLabel(author: SuggestionAuthor): string {
  if (author.kind === 'ai') return author.requestedBy ? `AI · asked by ${personName(author.requestedBy)}` : 'AI';
  return author.name;
}

/** The suggestions still to decide (pending and outdated), as the editor shows them. */
export function trackedChangesOf(suggestions: Suggestion[], now = new Date()): TrackedChange[] {
  return suggestions
    .filter((s) => s.status === 'pending' || s.status === 'outdated')
    .map((s) => ({
      id: s.id,
      quote: s.quote,
      replacement: s.replacement,
      author: suggestionAuthorLabel(s.author),
      time: relativeTime(s.createdAt, now),
      outdated: s.status === 'outdated',
    }));
}
