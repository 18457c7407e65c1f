import type { CatalogueTemplate } from './catalogue-template.js';

export const requirementsTemplates: CatalogueTemplate[] = [
  {
    slug: 'product-requirements-document',
    name: 'Product Requirements Document',
    description: 'The complete PRD: problem, users, goals, requirements, scope, risks and launch, for a product or a major feature.',
    category: 'Product Requirements',
    icon: 'file-text',
    isDefault: true,
    content: `## Overview
_In two or three sentences: what are we building, for whom, and why now? A reader who stops here should know what this document decides._

## Problem Statement
_Describe the problem users have today, in their words. Back it with evidence: interview quotes, support tickets, funnel data or revenue at risk._
> Example: 38% of new workspaces never invite a teammate, and teams of one churn three times as often.

## Target Users
_Name the primary and secondary users, their context and what they are trying to get done. Link personas if they exist._

## Goals and Success Metrics
_List each goal with a measurable target and a date. Say how and where each metric is measured._
> Example: Raise week-4 retention of new teams from 41% to 50% by the end of Q3, measured in the product analytics dashboard.

## Non-Goals
_State what this work deliberately does not do, so scope discussions end quickly._

## User Stories
_Write the key stories as "As a [user], I want [action] so that [outcome]", most important first._

## Functional Requirements
_Number each requirement and give it a priority (must, should, could). Each one should be testable._

## Non-Functional Requirements
_Cover performance, reliability, security, privacy, accessibility and localisation, with numbers where possible._

## User Experience
_Describe the main flows and link the designs. Call out empty, loading and error states._

## Dependencies
_List the teams, services, vendors or decisions this work depends on, and who owns each._

## Risks and Mitigations
_List what could make this fail (technical, adoption, legal) and what you will do about each._

## Release Plan
_Describe the milestones, rollout stages (internal, beta, general availability) and the criteria to move between them._

## Open Questions
_List the unresolved questions, who will answer each and by when._
`,
  },
  {
    slug: 'one-page-prd',
    name: 'One-Page PRD',
    description: 'A lean, single-page PRD for small features and quick alignment before committing engineering time.',
    category: 'Product Requirements',
    icon: 'clipboard',
    content: `## Problem
_One paragraph: who has the problem, how often, and what it costs them today._

## Proposed Solution
_Describe the solution in plain words. Favour the simplest version that solves the problem._

## Who It Is For
_Name the user segment and roughly how many users it reaches._

## Success Metric
_Pick the one number that tells you this worked, its current value and the target._
> Example: Share of invoices paid within 7 days, from 52% to 65%.

## Scope
_List what is in and what is explicitly out of this first version._

## Risks and Open Questions
_Note the biggest unknowns and how you will resolve them before or during the build._
`,
  },
  {
    slug: 'feature-specification',
    name: 'Feature Specification',
    description: 'A detailed specification of one feature: behaviour, states, edge cases and acceptance criteria for the build team.',
    category: 'Product Requirements',
    icon: 'check-square',
    content: `## Summary
_State the feature in one or two sentences and link the PRD or initiative it belongs to._

## Background
_Explain why this feature is needed now and what users do instead today._

## User Flow
_Walk through the feature step by step from the user's point of view, from entry point to outcome._

## Detailed Behaviour
_Specify each rule the feature follows: inputs, validation, defaults, and what the system does in response._

## States and Edge Cases
_Cover empty, loading, error, permission-denied and limit-reached states, plus unusual inputs and concurrent edits._

## Acceptance Criteria
_Write each criterion as Given / When / Then so QA and engineering can test it directly._
> Example: Given a draft with unsaved changes, when the user closes the tab, then a confirmation asks whether to leave.

## Analytics
_List the events to track, their properties, and the question each one answers._

## Out of Scope
_List related ideas that this feature will not include, so they can be planned separately._
`,
  },
  {
    slug: 'technical-prd',
    name: 'Technical PRD',
    description: 'Requirements for platform, infrastructure or API work, where the users are engineers and the constraints are technical.',
    category: 'Product Requirements',
    icon: 'cpu',
    content: `## Context
_Describe the system today and the technical problem: limits reached, incidents, costs, or capabilities other teams need._

## Goals
_List the technical outcomes with measurable targets such as latency, throughput, availability or cost._
> Example: p99 read latency under 50 ms at 2,000 requests per second.

## Non-Goals
_State which problems and systems are deliberately left alone._

## Consumers
_Name the teams, services or customers who will use this and what each needs from it._

## Requirements
_Number the functional requirements: interfaces, data, behaviour under failure, backwards compatibility._

## Constraints
_List fixed constraints: budgets, regulation, existing contracts, supported platforms, deadlines._

## Proposed Approach
_Summarise the approach and the main alternatives considered, with the reason for the choice._

## Migration and Rollout
_Explain how existing data and consumers move over, how to roll back, and how progress is measured._

## Observability
_Describe the metrics, logs, alerts and dashboards that will show the system is healthy._

## Risks
_List the technical risks, their likelihood and impact, and the mitigation for each._
`,
  },
  {
    slug: 'user-stories',
    name: 'User Stories with Acceptance Criteria',
    description: 'A set of user stories for an epic, each with clear acceptance criteria, ready for backlog refinement.',
    category: 'Agile',
    icon: 'check-circle',
    content: `## Epic
_Name the epic and the user outcome it delivers in one sentence._

## Users and Roles
_List each role that appears in the stories and what distinguishes it (permissions, goals, context)._

## User Stories
_Write each story as "As a [role], I want [capability] so that [benefit]". Keep each one small enough to finish in a sprint._
> Example: As a team admin, I want to invite teammates by email so that we can work in one shared workspace.

## Acceptance Criteria
_For every story, list criteria as Given / When / Then, covering the main path and at least one failure path._
> Example: Given an email that is already a member, when the admin sends an invitation, then the form says the person is already in the workspace.

## Definition of Done
_List what must be true for any story to count as done: tested, reviewed, documented, tracked, accessible._

## Dependencies and Notes
_Note designs, APIs or decisions each story depends on, and any story that must come first._
`,
  },
  {
    slug: 'mvp-scope',
    name: 'MVP Scope Definition',
    description: 'Decide the smallest product that tests your riskiest assumption, and what waits until later.',
    category: 'Product Requirements',
    icon: 'target',
    content: `## Hypothesis
_State what you believe and what would prove it: "We believe [users] will [behaviour] because [reason]."_

## Riskiest Assumptions
_List the assumptions that would sink the product if wrong, ordered by risk._

## Core User Journey
_Describe the single journey the MVP must support end to end._

## Must Have
_List only the capabilities without which the journey fails._

## Later
_List the features deliberately deferred, and the signal that would bring each one forward._

## Success Criteria
_Define the numbers that mean "continue", "change course" or "stop", and when you will look at them._
> Example: At least 30 of 100 pilot users complete the journey twice in their first two weeks.

## Timeline and Team
_Give the build time box, who is working on it and the date of the first user test._
`,
  },
];
