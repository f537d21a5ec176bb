import { z } from 'zod';

/** Where `refig run` records what a submission folder's decks were made with. */
export const RUN_RECORD_FILE = 'run.json';

/**
 * `submissions/<id>/run.json`, written by `refig run` before its first task: the suite, the
 * manifest template and the agent command the folder's artifacts come from. A resumed run must
 * match it field for field, so a folder never claims a configuration that did not make its decks.
 */
export const RunRecord = z
  .object({
    runner: z.literal('refig run').describe('Who wrote the record.'),
    suite: z
      .object({
        name: z.string().describe('Suite name (suite.json).'),
        version: z.string().describe('Suite version (suite.json).'),
        tasksHash: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .describe('SHA-256 of the suite task ids, one per line in suite order.'),
      })
      .strict(),
    manifest: z
      .record(z.string(), z.unknown())
      .describe(
        'The manifest template as parsed (team, contact, model, harness, workflow, …), before the runner adds id, suite, attempts and date.',
      ),
    command: z
      .array(z.string())
      .min(1)
      .describe('The agent command as typed after `--` (placeholders unreplaced).'),
    promptHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('SHA-256 of the instruction template the agent received.'),
  })
  .strict();
export type RunRecord = z.infer<typeof RunRecord>;
