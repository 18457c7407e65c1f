import type { ProjectContext } from '@prd/proto';
import { parseSections, plainText } from './markdown-sections.js';
import { keywords } from './frameworks.js';
import { reviewDocument, truncate } from './review.js';

/** Project chat offline: finds the passages of the project's documents that answer the question, and reviews coverage. */
export function projectAnswer(context: ProjectContext, question: string): string {
  const { project, documents } = context;
  const terms = keywords(question, 8);
  const hits: { doc: string; section: string; text: string; score: number }[] = [];
  for (const doc of documents) {
    for (const section of parseSections(doc.content).sections) {
      for (const sentence of plainText(section.body).split(/(?<=[.!?])\s+|\n+/)) {
        const lower = sentence.toLowerCase();
        const score = terms.filter((t) => lower.includes(t)).length;
        if (score > 0) hits.push({ doc: doc.title, section: section.heading, text: sentence.trim(), score });
      }
    }
  }
  hits.sort((a, b) => b.score - a.score);
  const parts = [
    `**${project.name}** has ${documents.length} document${documents.length === 1 ? '' : 's'}${project.description ? ` (${truncate(project.description, 120)})` : ''}.`,
  ];
  if (hits.length) {
    parts.push('', 'What the documents say about your question:', ...hits.slice(0, 6).map((h) => `- *${h.doc} › ${h.section}:* ${truncate(h.text, 200)}`));
  } else if (documents.length) {
    parts.push('', `None of the documents mention ${terms.length ? terms.map((t) => `"${t}"`).join(', ') : 'that'} yet.`);
  }
  if (documents.length) {
    parts.push('', '**Coverage across the project:**');
    for (const doc of documents) {
      const missing = reviewDocument(doc.content).filter((f) => f.kind === 'missing-section').length;
      parts.push(
        `- ${doc.title}: ${parseSections(doc.content).sections.length} sections${missing ? `, ${missing} standard section${missing === 1 ? '' : 's'} missing` : ', all standard sections present'}`,
      );
    }
  } else {
    parts.push('', 'Add or create a document in this project and I can answer questions across all of them.');
  }
  return parts.join('\n');
}
