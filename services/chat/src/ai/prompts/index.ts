export { GENERAL_PROMPT } from './general.prompt.js';
export { BRAINSTORM_PROMPT } from './brainstorm.prompt.js';
export { PERSONA_PROMPT } from './persona.prompt.js';
export { FEEDBACK_PROMPT } from './feedback.prompt.js';
export { DOCUMENT_EDITING_PROMPT } from './document-editing.prompt.js';
export { PROJECT_CHAT_PROMPT } from './project-chat.prompt.js';
export { DOCUMENT_FLOW_PROMPT, AI_ASSISTED_STYLE, START_NEW_STYLE } from './document-flow.prompt.js';
export { TITLE_PROMPT } from './title.prompt.js';
export { SUGGEST_EDIT_PROMPT, SUGGEST_CONTEXT_CHARS } from './suggest-edit.prompt.js';
