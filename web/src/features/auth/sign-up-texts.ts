import { LIMIT_MESSAGES } from '@prd/proto/limit-messages';
import type { SignUpContext } from '../../shared/state/dialogs-slice';

/** The registration modal's title and description for each reason it opens (docs/product.md §2). */
export function signUpTexts(context: SignUpContext): { title: string; description?: string } {
  switch (context.reason) {
    case 'default':
      return { title: 'Sign up to save your work', description: 'Create an account to save your documents and continue your conversation' };
    case 'first-document':
      return { title: 'Save your first document', description: 'Create an account to save your documents and access them anytime' };
    case 'limit':
      return { title: LIMIT_MESSAGES[context.kind].message, description: LIMIT_MESSAGES[context.kind].description };
    case 'custom':
      return { title: context.title, description: context.description };
  }
}
