import type { FormRule } from 'antd';
import { loginSchema, registerSchema } from '@prd/proto/auth';
import type { ZodType } from 'zod';

/**
 * An antd rule that checks a field with the schema the server validates it with, and shows that
 * schema's message (docs/product.md §5): each rule and its text are written once, in proto. A field's
 * required mark is set on its Form.Item, since these rules carry no `required` flag of their own.
 */
function schemaRule(schema: ZodType): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const result = await schema.safeParseAsync(value ?? '');
        if (!result.success) throw new Error(result.error.issues[0]?.message);
      },
    },
  ];
}

export const loginRules = { username: schemaRule(loginSchema.shape.username), password: schemaRule(loginSchema.shape.password) };

/** The sign-up rules, shared by the sign-up form and the settings registration. */
export const usernameRules = schemaRule(registerSchema.shape.username);
export const emailRules = schemaRule(registerSchema.shape.email);
export const passwordRules = schemaRule(registerSchema.shape.password);
