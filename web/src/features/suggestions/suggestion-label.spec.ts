import { describe, expect, it } from '@jest/globals';
import { suggestionsChangedMessage, type Suggestion } from '@prd/proto';
import { authorLabel } from '../document-editor/history-panel';
import { suggestionAuthorLabel, trackedChangesOf } from './suggestion-label';
import { announcesSuggestions } from './suggestions-live';

const DANA = { id: 1, username: 'dana', name: 'Dana' };
const LEE = { id: 2, username: 'lee', name: null };

describe('suggestion labels', () => {
  it('names the AI with who asked, a person, or a token', () => {
    expect(suggestionAuthorLabel({ kind: 'ai', name: 'AI', userId: 1, requestedBy: DANA })).toBe('AI · asked by Dana');
    expect(suggestionAuthorLabel({ kind: 'ai', name: 'AI', userId: 2, requestedBy: LEE })).toBe('AI · asked by lee');
    expect(suggestionAuthorLabel({ kind: 'user', name: 'Lee', userId: 2, requestedBy: null })).toBe('Lee');
    expect(suggestionAuthorLabel({ kind: 'token', name: 'release bot', userId: 1, requestedBy: null })).toBe('release bot');
  });

  it('tracks only the suggestions still to decide, timed as the page words it', () => {
    const at = '2026-05-20T11:55:00Z';
    const suggestion = (id: number, status: Suggestion['status']): Suggestion => ({
      id,
      documentId: 5,
      status,
      author: { kind: 'ai', name: 'AI', userId: 1, requestedBy: DANA },
      quote: { exact: 'a', prefix: '', suffix: '' },
      replacement: 'b',
      note: null,
      position: null,
      createdAt: at,
      decidedAt: null,
      decidedBy: null,
    });
    const changes = trackedChangesOf([suggestion(1, 'pending'), suggestion(2, 'accepted'), suggestion(3, 'rejected'), suggestion(4, 'outdated')], new Date('2026-05-20T12:00:00Z'));
    expect(changes.map((c) => [c.id, c.outdated, c.time, c.author])).toEqual([
      [1, false, '5 minutes ago', 'AI · asked by Dana'],
      [4, true, '5 minutes ago', 'AI · asked by Dana'],
    ]);
  });

  it("says in History who accepted a suggestion's text", () => {
    expect(authorLabel({ kind: 'ai', users: [DANA], token: null, acceptedBy: LEE })).toBe('AI, asked by Dana, accepted by lee');
    expect(authorLabel({ kind: 'token', users: [DANA], token: 'release bot', acceptedBy: LEE })).toBe('Dana via token “release bot”, accepted by lee');
    expect(authorLabel({ kind: 'user', users: [LEE], token: null, acceptedBy: DANA })).toBe('lee, accepted by Dana');
    expect(authorLabel({ kind: 'ai', users: [DANA], token: null })).toBe('AI, asked by Dana');
  });
});

describe('announcesSuggestions', () => {
  it("takes the live document's message for this document only", () => {
    expect(announcesSuggestions(suggestionsChangedMessage(5), 5)).toBe(true);
    expect(announcesSuggestions(suggestionsChangedMessage(6), 5)).toBe(false);
    expect(announcesSuggestions('{"type":"comments","documentId":5}', 5)).toBe(false);
    expect(announcesSuggestions('not json', 5)).toBe(false);
  });
});
