// Every NestJS route states who may call it: `@WithUser()` (a session's user), the internal guard
// (docs/decisions/0003-internal-calls.md: service-to-service only) or `@Public()` (anyone). A route with none of these is an oversight
// that would silently serve anonymous callers, so the linter refuses it.
import type { Rule } from 'eslint';
import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';

const ROUTE_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Head', 'Options', 'Search', 'Sse']);
const POLICY_DECORATORS = new Set(['WithUser', 'Public']);
const INTERNAL_GUARD = 'InternalGuard';

/** The name a decorator is called by: `@Get()` and `@Get` are both `Get`. */
function decoratorName(decorator: TSESTree.Decorator): string | undefined {
  const expr = decorator.expression.type === AST_NODE_TYPES.CallExpression ? decorator.expression.callee : decorator.expression;
  return expr.type === AST_NODE_TYPES.Identifier ? expr.name : undefined;
}

function grantsAccessPolicy(decorator: TSESTree.Decorator): boolean {
  const name = decoratorName(decorator);
  if (name !== undefined && POLICY_DECORATORS.has(name)) return true;
  if (name !== 'UseGuards' || decorator.expression.type !== AST_NODE_TYPES.CallExpression) return false;
  return decorator.expression.arguments.some((arg) => arg.type === AST_NODE_TYPES.Identifier && arg.name === INTERNAL_GUARD);
}

export const routePolicy: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'A controller route must declare its access policy: @WithUser(), @UseGuards(InternalGuard) or @Public()' },
    schema: [],
    messages: {
      missing:
        'Route {{route}} has no access policy: add @WithUser() (session user), @UseGuards(InternalGuard) (internal callers) or @Public() (anyone) to it or to its controller.',
    },
  },
  create(context) {
    return {
      ClassDeclaration(node) {
        const cls = node as unknown as TSESTree.ClassDeclaration;
        if (!cls.decorators.some((d) => decoratorName(d) === 'Controller')) return;
        if (cls.decorators.some(grantsAccessPolicy)) return;
        for (const member of cls.body.body) {
          if (member.type !== AST_NODE_TYPES.MethodDefinition) continue;
          if (!member.decorators.some((d) => ROUTE_DECORATORS.has(decoratorName(d) ?? ''))) continue;
          if (member.decorators.some(grantsAccessPolicy)) continue;
          const method = member.key.type === AST_NODE_TYPES.Identifier ? member.key.name : '(computed)';
          context.report({
            node: member.key as unknown as Rule.Node,
            messageId: 'missing',
            data: { route: `${cls.id?.name ?? '(anonymous)'}.${method}` },
          });
        }
      },
    };
  },
};

/** The repository's own ESLint plugin. */
export default { rules: { 'route-policy': routePolicy } };
