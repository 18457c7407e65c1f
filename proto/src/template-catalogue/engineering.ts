import type { CatalogueTemplate } from './catalogue-template.js';

export const engineeringTemplates: CatalogueTemplate[] = [
  {
    slug: 'api-specification',
    name: 'API Specification',
    description: 'Specify a public or internal API: resources, endpoints, requests, responses, errors, limits and versioning.',
    category: 'Engineering',
    icon: 'code',
    content: `## Purpose
_Describe what the API lets consumers do and who the consumers are._

## Authentication and Authorisation
_Explain how callers authenticate and which permissions each operation needs._

## Resources
_Describe each resource, its fields, types, constraints and relationships._

## Endpoints
_For each endpoint give the method, path, parameters, request body, response body and status codes._
> Example: POST /v1/invoices creates an invoice; answers 201 with the invoice, 400 when a line item has no amount.

## Errors
_List the error format and every error code, with when it occurs and how the caller should react._

## Pagination, Filtering and Limits
_Describe pagination, sorting, filtering, rate limits and maximum payload sizes._

## Versioning and Compatibility
_Explain how the API is versioned, what counts as a breaking change, and the deprecation policy._

## Examples
_Give complete request and response examples for the most common tasks._
`,
  },
  {
    slug: 'analytics-tracking-plan',
    name: 'Analytics Tracking Plan',
    description: 'Define the events, properties and metrics needed to answer product questions, with naming rules and owners.',
    category: 'Engineering',
    icon: 'bar-chart',
    content: `## Questions to Answer
_List the product questions this tracking must answer, such as where new users drop off._

## Key Metrics
_Define each metric precisely: formula, events used, filters and time window._

## Events
_List each event with its name, the moment it fires and the question it serves. Use one naming convention._
> Example: document_created fires when the server saves a new document; answers how many users create a document in week one.

## Properties
_List the properties sent with each event, their types and allowed values._

## Privacy
_State which data is personal, how consent is handled and what must never be tracked._

## Ownership and Quality
_Name who owns the plan, how new events are reviewed and how data quality is checked._
`,
  },
  {
    slug: 'security-privacy-requirements',
    name: 'Security and Privacy Requirements',
    description: 'Capture the security, privacy and compliance requirements of a feature before it is built.',
    category: 'Engineering',
    icon: 'lock',
    content: `## Data Inventory
_List the data the feature collects, stores or shares, and classify each item (public, internal, personal, sensitive)._

## Access Control
_Describe who can see and change each kind of data, and how that is enforced._

## Threats
_List the realistic threats (account takeover, data leaks, abuse, injection) and what each would cost._

## Security Requirements
_Number the controls required: encryption, authentication, input validation, rate limits, audit logs._

## Privacy Requirements
_Cover consent, data minimisation, retention periods, deletion and user access to their data._

## Compliance
_Name the regulations and standards that apply and the evidence each requires._

## Verification
_Describe the reviews and tests that prove the requirements are met before launch._
`,
  },
  {
    slug: 'risk-assessment',
    name: 'Risk Assessment',
    description: 'Identify, rate and plan for the risks of a product initiative, with owners and triggers.',
    category: 'Operations',
    icon: 'shield',
    content: `## Scope
_Describe the initiative or release being assessed and the period the assessment covers._

## Risk Register
_List each risk with its cause and consequence, rated by likelihood and impact._
> Example: A payment provider outage during launch week (likely, high impact) would block every new subscription.

## Top Risks
_Pick the risks with the highest combined rating and explain why they matter most._

## Mitigations
_For each top risk, describe the action that lowers its likelihood or impact, with an owner and a date._

## Contingency Plans
_Describe what you will do if a risk happens anyway, and the signal that triggers the plan._

## Review Cadence
_Say how often the register is reviewed and who attends._
`,
  },
  {
    slug: 'incident-post-mortem',
    name: 'Incident Post-Mortem',
    description: 'A blameless review of an incident: impact, timeline, root causes and the actions that prevent a repeat.',
    category: 'Operations',
    icon: 'alert-circle',
    content: `## Summary
_In a few sentences: what happened, when, how long it lasted and who was affected._

## Impact
_Quantify the impact on users and the business: requests failed, customers affected, revenue, support tickets._

## Timeline
_List the key moments with times: first signal, detection, escalation, mitigation and resolution._

## Root Causes
_Explain why it happened, asking "why" until you reach causes in systems and processes, not people._

## Detection and Response
_Describe how the incident was detected, what helped the response and what slowed it down._

## What Went Well
_Note the practices and tools that limited the impact._

## Action Items
_List each action with an owner, a due date and whether it prevents, detects or mitigates._
`,
  },
  {
    slug: 'sprint-retrospective',
    name: 'Sprint Retrospective',
    description: 'Reflect on a sprint or project: what worked, what did not, and the few changes the team commits to.',
    category: 'Agile',
    icon: 'refresh-ccw',
    content: `## Sprint Goal and Outcome
_State the goal of the sprint and whether it was met, with the main numbers._

## What Went Well
_List what helped the team, so it can be kept._

## What Did Not Go Well
_List what got in the way, describing situations rather than blaming people._

## What We Learned
_Capture the insights about the product, users or ways of working._

## Actions
_Commit to no more than three changes, each with an owner and how you will know it worked._

## Follow-Up on Previous Actions
_Review the actions from the last retrospective and whether they made a difference._
`,
  },
  {
    slug: 'feature-deprecation-plan',
    name: 'Feature Deprecation Plan',
    description: 'Retire a feature or API responsibly: rationale, affected users, migration path, communication and timeline.',
    category: 'Operations',
    icon: 'refresh-ccw',
    content: `## What Is Being Deprecated
_Name the feature or API and the date it will stop working._

## Rationale
_Explain why it is being retired: low usage, cost, security or a better replacement._

## Affected Users
_Quantify who uses it today and how heavily, by segment._

## Migration Path
_Describe the replacement and the steps users take to move, including any tooling we provide._

## Communication Plan
_List the announcements, reminders and in-product notices, with dates and channels._

## Timeline
_Lay out the phases: announcement, soft deprecation, final warning, removal._

## Success Criteria and Rollback
_Define how many users must have migrated before removal and what happens if the target is missed._
`,
  },
];
