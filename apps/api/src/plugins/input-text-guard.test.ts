import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { safeFreeText, safeLine, uncheckedSecret } from '@vizita/shared/contracts/field-checks';
import { safeFileName } from '@vizita/shared/domain/safe-text';
import { inputTextGuardPlugin, stringsTakingHostileText } from './input-text-guard.ts';

describe('stringsTakingHostileText', () => {
  it('finds every string of a body that takes control characters, however deep', () => {
    const body = z.object({
      name: z.string().check(z.minLength(2)),
      checked: z.string().check(safeLine()),
      free: z.optional(z.string().check(safeFreeText())),
      nested: z.object({ items: z.array(z.object({ note: z.nullable(z.string()) })) }),
      either: z.union([z.literal('none'), z.string().check(z.maxLength(50))]),
      trimmed: z.pipe(
        z.string().check(z.trim()),
        z.transform((v) => v || undefined),
      ),
    });
    expect(stringsTakingHostileText(body)).toEqual([
      '.name',
      '.nested.items[].note',
      '.either',
      '.trimmed',
    ]);
  });

  it('takes a pipe that refuses or strips the character as checked', () => {
    expect(stringsTakingHostileText(z.stringbool())).toEqual([]);
    expect(stringsTakingHostileText(z.string().check(z.overwrite(safeFileName)))).toEqual([]);
    expect(stringsTakingHostileText(z.uuid())).toEqual([]);
    expect(stringsTakingHostileText(z.enum(['a', 'b']))).toEqual([]);
  });

  it('lets a secret marked as such through', () => {
    expect(stringsTakingHostileText(z.object({ p: uncheckedSecret(z.string()) }))).toEqual([]);
  });
});

describe('the input text guard', () => {
  async function appWith(body: z.ZodMiniType) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(inputTextGuardPlugin);
    app.post('/notes', { schema: { body } }, async () => ({ ok: true }));
    return app;
  }

  it('does not let an app start with a route whose strings take control characters', async () => {
    const app = await appWith(z.object({ note: z.string() }));
    await expect(app.ready()).rejects.toThrow(/POST \/notes: body\.note/);
  });

  it('starts an app whose route inputs are all checked', async () => {
    const app = await appWith(z.object({ note: z.string().check(safeFreeText()) }));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
