import type { CatalogueTemplate } from './catalogue-template.js';

export const researchTemplates: CatalogueTemplate[] = [
  {
    slug: 'user-persona',
    name: 'User Persona',
    description: 'A research-based portrait of a key user: context, goals, frustrations and behaviours that shape product decisions.',
    category: 'User Research',
    icon: 'user',
    content: `## Persona Summary
_Give the persona a name and role and describe them in two sentences. Base it on research, not guesses._
> Example: Priya, operations lead at a 40-person logistics firm, who keeps the team's schedules in spreadsheets.

## Background and Context
_Describe their work, team, tools and environment, and how often they face the problem we solve._

## Goals
_List what they are trying to achieve, in their words, from most to least important._

## Frustrations
_List what gets in their way today and what it costs them in time, money or stress._

## Behaviours and Habits
_Describe how they discover, evaluate and use tools like ours, and who influences their choices._

## Quotes
_Add two or three real quotes from interviews that capture their point of view._

## What This Means for the Product
_Translate the persona into decisions: what we should build, say and avoid for this person._
`,
  },
  {
    slug: 'jobs-to-be-done',
    name: 'Jobs-to-Be-Done Analysis',
    description: 'Frame the progress customers are trying to make, the forces behind switching, and the outcomes they measure.',
    category: 'User Research',
    icon: 'target',
    content: `## Job Statement
_Write the core job as "When [situation], I want to [motivation], so I can [expected outcome]."_
> Example: When a customer reports a bug, I want to reproduce it in minutes, so I can tell them when it will be fixed.

## Job Context
_Describe who has this job, when it arises and how often, and what triggers it._

## Current Solutions
_List what people hire today to get the job done, including workarounds, spreadsheets and doing nothing._

## Forces of Progress
_Describe the push of the current situation, the pull of a new solution, the anxiety about switching and the habits that hold people back._

## Desired Outcomes
_List the measures customers use to judge success, phrased as "minimise the time to..." or "reduce the likelihood of..."._

## Underserved Outcomes
_Name the outcomes that are important but poorly satisfied today: these are the opportunities._

## Implications
_Say what this means for positioning, features and the first experience of the product._
`,
  },
  {
    slug: 'customer-interview-guide',
    name: 'Customer Interview Guide',
    description: 'A discovery interview script with goals, screening, open questions and a note-taking plan.',
    category: 'User Research',
    icon: 'users',
    content: `## Research Goals
_State the two or three decisions this research will inform and what you need to learn for each._

## Participants
_Describe who to talk to, how to recruit and screen them, and how many interviews you plan._

## Introduction Script
_Write the opening: thank them, explain the purpose, ask consent to record, and stress there are no wrong answers._

## Warm-Up Questions
_List easy questions about their role and context to build rapport._

## Core Questions
_Write open questions about past behaviour, not opinions about the future. Ask for the last time it happened._
> Example: Tell me about the last time you had to prepare a quarterly report. What happened first?

## Closing
_Ask what you should have asked, who else to talk to, and explain next steps._

## Synthesis Plan
_Describe how notes will be captured, tagged and turned into findings, and when results are shared._
`,
  },
  {
    slug: 'customer-feedback-synthesis',
    name: 'Customer Feedback Synthesis',
    description: 'Turn interviews, tickets, reviews and survey answers into themes, evidence and prioritised recommendations.',
    category: 'User Research',
    icon: 'message-square-text',
    content: `## Sources
_List where the feedback came from (interviews, tickets, app reviews, surveys, sales calls), the period and the volume._

## Key Themes
_List the main themes, each with how often it appeared and which segments raised it._

## Evidence
_For each theme, give representative quotes and any numbers that show its size._

## Severity and Impact
_Rate each theme by how badly it hurts users and the business (churn, revenue, support cost)._

## Recommendations
_Propose what to do about the top themes, with an owner and a rough size for each._

## What We Will Not Act On
_Name feedback you are deliberately not acting on now and explain why._
`,
  },
  {
    slug: 'usability-test-plan',
    name: 'Usability Test Plan',
    description: 'Plan a moderated or unmoderated usability study: tasks, participants, metrics and how findings are reported.',
    category: 'User Research',
    icon: 'users',
    content: `## Objectives
_State what you want to learn and which design decisions depend on the result._

## Prototype or Product
_Describe what will be tested (prototype, staging build, live product) and its fidelity._

## Participants
_Describe the profile, screening criteria and number of participants._

## Tasks
_Write each task as a realistic scenario without hinting at the interface. Add the success condition for each._
> Example: You need to send last month's invoice to a new client. Show me how you would do it. Success: the invoice is sent to the right address.

## Metrics
_List what you will measure: task success, time on task, errors, and a satisfaction score._

## Logistics
_Give dates, tools, moderator and note taker, and how sessions are recorded and stored._

## Reporting
_Describe how findings are rated by severity and shared with the team._
`,
  },
  {
    slug: 'competitive-analysis',
    name: 'Competitive Analysis',
    description: 'Compare competitors on positioning, features, pricing and strengths to find where your product can win.',
    category: 'Strategy',
    icon: 'bar-chart',
    content: `## Market Overview
_Describe the market, its size and direction, and the customer segments that matter to us._

## Competitors
_List direct competitors, indirect alternatives and the do-nothing option, with one line on each._

## Feature Comparison
_Compare the capabilities that matter most to customers, and say where each competitor is strong or weak._

## Pricing and Packaging
_Summarise each competitor's pricing model, entry price and what drives upgrades._

## Positioning
_Describe how each competitor presents itself and to whom. Quote their own messaging._

## Strengths and Weaknesses
_For each main competitor, list what customers praise and what they complain about, with sources._

## Our Opportunity
_State where we can win, why customers would switch, and what we should not compete on._
`,
  },
];
