import { describe, expect, it } from '@jest/globals';
import { brainstorm, extractIdea, generalAnswer, ideaFeedback, personaSheet, titleFrom } from './frameworks.js';

const IDEA = 'A scheduling app for busy nurses. Nurses find it frustrating to swap shifts by phone. They want to trade shifts in under a minute.';

describe('offline frameworks', () => {
  it("extracts the audience, goals and pain points from the user's words", () => {
    const idea = extractIdea(IDEA);
    expect(idea.audience).toBe('busy nurses');
    expect(idea.pains.join(' ')).toContain('frustrating to swap shifts by phone');
    expect(idea.goals.join(' ')).toContain('trade shifts in under a minute');
  });

  it('fills a persona sheet from the description, the same way every time', () => {
    const sheet = personaSheet(IDEA);
    expect(sheet).toMatch(/## Persona: \w+, busy nurses/);
    for (const part of ['### Goals', '### Pain points', '### Behaviours and tools today', '### What they need from the product', '### Quote', '### Questions to validate'])
      expect(sheet).toContain(part);
    expect(sheet).toContain('Nurses find it frustrating to swap shifts by phone');
    expect(personaSheet(IDEA)).toBe(sheet);
  });

  it('fills how-might-we, SCAMPER and jobs-to-be-done from the idea', () => {
    const out = brainstorm(IDEA);
    expect(out).toContain('### How might we…');
    expect(out).toMatch(/How might we help busy nurses so that "Nurses find it frustrating to swap shifts by phone"/);
    for (const letter of ['Substitute', 'Combine', 'Adapt', 'Modify', 'Put to other uses', 'Eliminate', 'Reverse']) expect(out).toContain(`**${letter}:**`);
    expect(out).toMatch(/### Jobs to be done\n- When nurses find it frustrating/);
  });

  it('gives feedback on an idea with the questions that make it testable', () => {
    const out = ideaFeedback(IDEA);
    expect(out).toContain('a named audience (busy nurses)');
    expect(out).toContain('How will you measure');
  });

  it('answers general questions with the matching product-management structure', () => {
    expect(generalAnswer('Help me write a PRD for team calendars')).toContain('PRD outline');
    expect(generalAnswer('What metrics should I track for onboarding?')).toContain('North star');
    expect(generalAnswer('How do I prioritize my backlog?')).toContain('RICE');
    expect(generalAnswer('Write a user story for exporting reports')).toContain('Acceptance criteria');
  });

  it('titles a conversation from the first words of its first message', () => {
    expect(titleFrom('Can you help me plan a mobile checkout redesign for Q3 launch?')).toBe('Plan a mobile checkout redesign for');
    expect(titleFrom('   ')).toBe('');
  });
});
