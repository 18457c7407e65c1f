import type { CatalogueTemplate } from './catalogue-template.js';

export const ideationTemplates: CatalogueTemplate[] = [
  {
    slug: 'brainstorming-session',
    name: 'Brainstorming Session',
    description: 'Run a focused ideation session: frame the challenge, generate ideas widely, then converge on what to test.',
    category: 'Ideation',
    icon: 'sparkles',
    content: `## Challenge
_Frame the challenge as a "How might we...?" question that is neither too broad nor too narrow._
> Example: How might we help first-time managers run their first one-to-one with confidence?

## Context and Constraints
_Summarise what we know about the users and problem, and the constraints ideas must respect._

## Ideas
_List every idea without judging it. Aim for quantity; build on each other's ideas._

## Themes
_Group the ideas into themes and name each theme._

## Evaluation
_Score the strongest ideas on user value, business value, effort and confidence._

## Ideas to Pursue
_Pick the ideas to take forward and explain why these beat the others._

## Next Steps
_Say how each chosen idea will be tested, by whom and by when._
`,
  },
  {
    slug: 'lean-canvas',
    name: 'Lean Canvas',
    description: 'A one-page business model for a new product or venture, from problem and segments to unfair advantage.',
    category: 'Ideation',
    icon: 'clipboard',
    content: `## Problem
_List the top three problems your customers have, and how they solve them today._

## Customer Segments
_Describe the target customers and the early adopters who feel the problem most._

## Unique Value Proposition
_Write a single, clear message that says why you are different and worth attention._

## Solution
_Outline the simplest solution to each of the top problems._

## Channels
_List the paths to reach customers, free and paid._

## Revenue Streams
_Describe how you will make money and the expected price points._

## Cost Structure
_List the main fixed and variable costs of reaching and serving customers._

## Key Metrics
_Name the few numbers that show whether the business is working._

## Unfair Advantage
_Describe what cannot easily be copied or bought. It is fine to say you do not have one yet._
`,
  },
  {
    slug: 'opportunity-assessment',
    name: 'Opportunity Assessment',
    description: 'Ten questions to decide whether a product opportunity is worth pursuing before any solution work begins.',
    category: 'Ideation',
    icon: 'trending-up',
    content: `## Problem
_What problem will this solve, and for whom exactly?_

## Market Size
_How big is the opportunity? Estimate the number of customers and what they would pay._

## Alternatives
_What do people use today, and why is it not good enough?_

## Why Us
_Why are we best placed to pursue this: assets, customers, expertise or distribution?_

## Why Now
_What changed in technology, regulation or behaviour that makes this the right time?_

## Go-to-Market
_How will we reach these customers and convince them to try it?_

## Success Metrics
_How will we measure success, and what result would make us stop?_

## Critical Requirements
_What must the solution do to succeed, whatever form it takes?_

## Recommendation
_Give the recommendation (pursue, investigate further, or decline) and the reasoning._
`,
  },
];
