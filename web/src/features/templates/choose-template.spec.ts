import { describe, expect, it } from '@jest/globals';
import type { Template } from '@prd/proto';
import { aiAssistedFlowPath, chooseTemplate, NO_TEMPLATE } from './choose-template';

const template = (id: number, isDefault = false): Template => ({
  id,
  name: `Template ${id}`,
  description: '',
  category: 'Product',
  content: '## Overview',
  icon: 'file-text',
  isDefault,
  source: 'builtin',
  workspaceId: null,
});

describe('chooseTemplate', () => {
  const templates = [template(1), template(2, true), template(3)];

  it('uses the chosen template', () => {
    expect(chooseTemplate(templates, 3)?.id).toBe(3);
  });

  it("uses the isDefault template for 'Default Template' or no choice", () => {
    expect(chooseTemplate(templates, NO_TEMPLATE)?.id).toBe(2);
    expect(chooseTemplate(templates, undefined)?.id).toBe(2);
  });

  it('uses the first template when none is flagged isDefault', () => {
    expect(chooseTemplate([template(5), template(6)], NO_TEMPLATE)?.id).toBe(5);
  });

  it('falls back to the default rule when the chosen template no longer exists', () => {
    expect(chooseTemplate(templates, 99)?.id).toBe(2);
  });

  it('gives null when there are no templates', () => {
    expect(chooseTemplate([], NO_TEMPLATE)).toBeNull();
    expect(chooseTemplate([], 1)).toBeNull();
  });

  it('leads to the AI-assisted flow of the template', () => {
    expect(aiAssistedFlowPath(7)).toBe('/document-flow/7?mode=ai-assisted');
    expect(aiAssistedFlowPath(7, 3)).toBe('/document-flow/7?mode=ai-assisted&workspace=3');
  });
});
