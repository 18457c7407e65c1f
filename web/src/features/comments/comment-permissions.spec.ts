import { describe, expect, it } from '@jest/globals';
import type { Comment } from '@prd/proto';
import { commentPermissions } from './comment-permissions.js';

const mine = { authorId: 7 } as Comment;
const theirs = { authorId: 8 } as Comment;

describe('commentPermissions', () => {
  it('lets an author resolve and delete their own comment only while a commenter or more', () => {
    const commenter = commentPermissions('commenter', 7);
    expect([commenter.resolve(mine), commenter.delete(mine), commenter.resolve(theirs), commenter.delete(theirs)]).toEqual([true, true, false, false]);
    // Lowered to viewer: the server refuses these (403), so the buttons go.
    const viewer = commentPermissions('viewer', 7);
    expect([viewer.write, viewer.resolve(mine), viewer.delete(mine)]).toEqual([false, false, false]);
  });

  it('lets editors resolve every thread and the owner delete every comment', () => {
    expect([commentPermissions('editor', 1).resolve(theirs), commentPermissions('editor', 1).delete(theirs)]).toEqual([true, false]);
    expect([commentPermissions('owner', 1).resolve(theirs), commentPermissions('owner', 1).delete(theirs)]).toEqual([true, true]);
  });
});
