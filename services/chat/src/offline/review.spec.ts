import { describe, expect, it } from '@jest/globals';
import { formatReview, reviewDocument, reviewIdea } from './review.js';

const COMPLETE = `# Checkout
## Problem
Shoppers abandon 40% of carts at the payment step because the form has 14 fields.
## Goals
- Reduce cart abandonment from 40% to 25% by Q3
## Target Users
Returning shoppers on mobile, 60% of our traffic.
## User Stories
- As a shopper, I want to pay with a saved card so that I finish in one tap.
### Acceptance criteria
- Given a saved card, when I tap Pay, then the order is placed within 2 seconds.
## Success Metrics
Checkout completion rate from 60% to 75%.
## Non-Goals
No new payment providers in this release.
## Risks
Card vault migration could take 3 weeks longer than planned.
`;

describe('the PRD rubric', () => {
  it('finds nothing to fix in a complete, measurable PRD', () => {
    expect(reviewDocument(COMPLETE)).toEqual([]);
    expect(formatReview(COMPLETE)).toContain('found nothing to fix');
  });

  it('reports each missing standard section', () => {
    const kinds = reviewDocument('# Idea\n## Problem\nUsers lose 3 hours a week re-entering data by hand.').filter((f) => f.kind === 'missing-section');
    expect(kinds.map((f) => f.message).join(' ')).toMatch(/Goals.*Target users.*Requirements.*Success metrics.*Non-goals.*Risks/s);
  });

  it('flags goals without a measure', () => {
    const findings = reviewDocument('## Goals\n- Make onboarding delightful for everyone\n- Reach 500 teams by June');
    const goals = findings.filter((f) => f.kind === 'unmeasured-goal');
    expect(goals).toHaveLength(1);
    expect(goals[0]!.message).toContain('Make onboarding delightful');
  });

  it('flags vague words only where no number makes them testable', () => {
    const findings = reviewDocument('## Requirements\nThe search must be fast and easy.\nExport must be quick: under 2 seconds.');
    const words = findings.filter((f) => f.kind === 'vague-word').map((f) => f.message);
    expect(words.some((m) => m.startsWith('"fast"'))).toBe(true);
    expect(words.some((m) => m.startsWith('"easy"'))).toBe(true);
    expect(words.some((m) => m.startsWith('"quick"'))).toBe(false);
  });

  it('flags user stories without acceptance criteria', () => {
    const findings = reviewDocument('## User Stories\n- As a manager, I want a weekly report so that I can plan staffing.');
    expect(findings.some((f) => f.kind === 'story-without-criteria')).toBe(true);
  });

  it('asks the questions an idea is missing', () => {
    const questions = reviewIdea('A to-do app with AI');
    expect(questions.join(' ')).toMatch(/Who.*What problem.*measure.*smallest first version.*What must be true/s);
    expect(reviewIdea('For nurses who lose 2 hours per shift today because scheduling is manual; the MVP only covers one ward, and the riskiest assumption is adoption.')).toEqual(
      [],
    );
  });
});
