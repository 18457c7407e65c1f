import type { CatalogueTemplate } from './catalogue-template.js';

export const planningTemplates: CatalogueTemplate[] = [
  {
    slug: 'product-roadmap',
    name: 'Product Roadmap',
    description: 'An outcome-based roadmap: vision, themes, now-next-later horizons and how progress is measured.',
    category: 'Strategy',
    icon: 'map',
    content: `## Vision
_State where the product is heading in the next one to three years and who it serves._

## Strategic Themes
_List the three to five themes that organise the work, each tied to a business or customer outcome._

## Now
_List the initiatives in progress this quarter, each with the outcome it targets and its owner._

## Next
_List the initiatives planned for the following quarter, with the evidence that supports them._

## Later
_List the bets further out. Keep them broad; they are directions, not commitments._

## Measures of Progress
_Name the metrics that show each theme is working, with the current and target values._

## Dependencies and Risks
_Note the cross-team dependencies and the risks that could change the order._
`,
  },
  {
    slug: 'okrs-and-success-metrics',
    name: 'OKRs and Success Metrics',
    description: 'Set quarterly objectives and measurable key results, with baselines, owners and how they will be tracked.',
    category: 'Strategy',
    icon: 'bar-chart-2',
    content: `## Objective
_Write an inspiring, qualitative objective for the quarter that the team can remember._
> Example: Make onboarding so clear that new teams succeed without talking to us.

## Key Results
_List three to five measurable results, each with a baseline, a target and a data source._
> Example: Increase the share of new teams that create three documents in week one from 22% to 35%.

## Initiatives
_List the work you expect to move the key results, and which result each one targets._

## Guardrail Metrics
_Name the metrics that must not get worse while you pursue the key results._

## Owners and Cadence
_Assign an owner to every key result and say how often progress is reviewed._

## Risks and Assumptions
_Note the assumptions behind the targets and what would make them unreachable._
`,
  },
  {
    slug: 'business-case',
    name: 'Business Case',
    description: 'Justify an investment with the problem, options, costs, benefits and expected return for decision makers.',
    category: 'Strategy',
    icon: 'trending-up',
    content: `## Executive Summary
_State the decision requested, the investment and the expected return in a few sentences._

## Problem or Opportunity
_Explain the business problem or opportunity and what happens if we do nothing._

## Options Considered
_Compare at least two options plus doing nothing, with the pros and cons of each._

## Recommended Option
_Describe the recommended option and why it is the best trade-off._

## Costs
_Break down one-off and ongoing costs: people, tools, vendors and opportunity cost._

## Benefits
_Quantify the benefits (revenue, savings, retention, risk reduction) and when they arrive._

## Return and Payback
_Show the return on investment and the payback period, with the key assumptions._

## Risks
_List the risks to the benefits and how each will be managed._
`,
  },
  {
    slug: 'pricing-and-packaging',
    name: 'Pricing and Packaging Proposal',
    description: 'Propose plans, price points and value metrics, backed by customer willingness to pay and competitor data.',
    category: 'Strategy',
    icon: 'dollar-sign',
    content: `## Objectives
_State what the pricing change should achieve: revenue growth, conversion, expansion or simplicity._

## Customer Segments
_Describe the segments, what each values most and their willingness to pay, with sources._

## Value Metric
_Choose what customers pay for (seats, usage, features) and explain why it tracks the value they get._

## Plans and Price Points
_Describe each plan, its price and the features or limits that separate it from the next._

## Competitive Reference
_Compare the proposal with competitors' prices and packaging._

## Impact Estimate
_Estimate the effect on conversion, average revenue and churn, and how existing customers are treated._

## Rollout and Measurement
_Explain how the change is tested, communicated and measured after launch._
`,
  },
  {
    slug: 'experiment-brief',
    name: 'Experiment Brief',
    description: 'Design an A/B test or experiment: hypothesis, variants, metrics, sample size and decision rules.',
    category: 'Experimentation',
    icon: 'bar-chart-2',
    content: `## Hypothesis
_Write it as "If we [change], then [metric] will [move by how much], because [reason]."_
> Example: If we show a checklist on the empty dashboard, then week-one activation will rise by 5 points, because new users will know the next step.

## Background
_Summarise the evidence that led to this hypothesis: data, research or earlier experiments._

## Variants
_Describe the control and each variant precisely, with screenshots or links._

## Audience and Allocation
_Define who is eligible, how users are split and any segments excluded._

## Primary Metric
_Name the one metric that decides the outcome and the minimum change worth detecting._

## Guardrail Metrics
_List the metrics that must not degrade, such as revenue, errors or support contacts._

## Sample Size and Duration
_State the sample size, expected duration and the significance level used._

## Decision Rules
_Say in advance what you will do for a win, a loss and an inconclusive result._
`,
  },
  {
    slug: 'launch-plan',
    name: 'Go-to-Market Launch Plan',
    description: 'Coordinate a launch across product, marketing, sales and support: audience, messaging, timeline and readiness.',
    category: 'Launch',
    icon: 'rocket',
    content: `## Launch Summary
_Describe what is launching, for whom, the launch date and the launch tier (major, minor, silent)._

## Target Audience
_Name the segments this launch is for and what each should do after hearing about it._

## Positioning and Messaging
_Write the core message, three supporting points and proof for each._
> Example: Write a complete PRD in an afternoon, with an assistant that asks the right questions.

## Channels
_List the channels (email, in-app, blog, social, sales outreach, events) and the content needed for each._

## Timeline
_Lay out the milestones before, on and after launch day, with owners._

## Readiness Checklist
_List what must be ready: documentation, support training, sales enablement, pricing, legal review, monitoring._

## Success Metrics
_Define the adoption, revenue or awareness targets for the first 30 and 90 days._

## Risks and Contingencies
_Note what could go wrong on launch day and the plan for each case, including rollback._
`,
  },
  {
    slug: 'beta-program-plan',
    name: 'Beta Program Plan',
    description: 'Plan a beta: who joins, what they test, how feedback flows back and the criteria to go to general availability.',
    category: 'Launch',
    icon: 'users',
    content: `## Goals
_State what the beta must prove or uncover before general availability._

## Participants
_Describe the customers to invite, how many, and how they will be selected and onboarded._

## Scope
_List the features in the beta, known limitations, and what participants should focus on._

## Feedback Channels
_Explain how participants report issues and ideas, and how the team reviews them each week._

## Support and Communication
_Say who supports beta users, response times, and how changes are announced._

## Exit Criteria
_Define the quality, adoption and satisfaction thresholds required to launch to everyone._
`,
  },
  {
    slug: 'release-notes',
    name: 'Release Notes',
    description: 'Customer-facing release notes that explain what changed, why it matters and what users need to do.',
    category: 'Launch',
    icon: 'message-square-text',
    content: `## Highlights
_Lead with the one or two changes users will care about most, described by their benefit._
> Example: Documents now save automatically every few seconds, so you never lose work when your connection drops.

## New Features
_List each new feature with a sentence on what it does and how to find it._

## Improvements
_List the enhancements to existing features, in plain language._

## Bug Fixes
_List the notable fixes, described by the problem users saw rather than the internal cause._

## Breaking Changes and Actions Required
_Explain anything users or integrators must change, with dates and instructions._

## Known Issues
_List the known problems and workarounds, if any._
`,
  },
];
