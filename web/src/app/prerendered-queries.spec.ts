/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import type { Template } from '@prd/proto';
import { contentApi } from '../shared/api/content-api';
import { PRERENDERED_QUERIES_ID, readPrerenderedQueries, seedQueries, serializeQueries } from './prerendered-queries';
import { createStore } from './store';

const template: Template = {
  id: 7,
  name: 'Embed </script><script>alert(1)</script>',
  description: 'a < b',
  category: 'Requirements',
  content: '## Goals\n_<b>bold</b>_',
  icon: 'file-text',
  isDefault: false,
  source: 'builtin',
  workspaceId: null,
};

describe('the query results a page was prerendered with', () => {
  it('are written as JSON no markup can end early, and read back unchanged', () => {
    const json = serializeQueries({ getTemplates: [template], getDocuments: [] });
    expect(json).not.toContain('<');
    document.body.innerHTML = `<script type="application/json" id="${PRERENDERED_QUERIES_ID}">${json}</script>`;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readPrerenderedQueries()).toEqual({ getTemplates: [template], getDocuments: [] });
  });

  it('are absent from a page that was not prerendered with any', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readPrerenderedQueries()).toBeUndefined();
  });

  it('seed the cache as fetched results, so the first render needs no request', () => {
    const store = createStore();
    seedQueries(store, { getTemplates: [template] });
    const templates = contentApi.endpoints.getTemplates.select()(store.getState());
    expect(templates).toMatchObject({ status: 'fulfilled', isSuccess: true, data: [template] });
    expect(contentApi.endpoints.getDocuments.select()(store.getState()).isUninitialized).toBe(true);
  });
});
