/** Markdown templates of different shapes, for the offline engine's tests. */
export const SAMPLE_TEMPLATES: { name: string; content: string }[] = [
  {
    name: 'Product Requirements Document',
    content: `# Product Requirements Document

## Overview
Summarise the product in two sentences.

## Problem Statement
What problem are we solving and for whom?

## Goals
- Measurable goal 1
- Measurable goal 2

## Non-Goals
What is out of scope.

## User Stories
As a [user], I want [action] so that [benefit].

## Requirements
| Requirement | Priority |
|---|---|
| [Requirement] | Must |

## Success Metrics
Primary metric and target.

## Risks and Assumptions
Known risks and how to mitigate them.

## Timeline
Milestones and dates.
`,
  },
  {
    name: 'User Persona',
    content: `# User Persona

## 1. Background
Role, company, experience.

## 2. Goals & Motivations
What they want to achieve.

## 3. Frustrations 😤
What gets in their way.

\`\`\`
## Not a heading: inside a code fence
\`\`\`

## 4. Quote
A sentence in their voice.
`,
  },
  { name: 'Release notes', content: 'Write the release notes here. No sections at all.' },
  {
    name: 'Technical Design',
    content: `# Technical Design
Intro text before the first section.

## Architecture
### Components
Describe components.

## API Design
Endpoints.

## Data Model
Tables.

## Security Considerations
Threats and controls.

## Open Questions
Unknowns.
`,
  },
];
