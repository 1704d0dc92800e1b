/**
 * Lorebook entry settings (issue 27 part 4): what imported books carry and the scanner now uses —
 * constant entries, secondary keywords with their logic, case and whole-word matching, probability,
 * placement and depth, the recursion flags and the extensions kept for export — and the book's
 * recursive scanning. Existing entries keep today's behaviour through the defaults.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lorebook_entries')
    .addColumn('constant', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('secondary_keywords', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('selective_logic', 'text', (c) =>
      c
        .notNull()
        .defaultTo('and_any')
        .check(sql`selective_logic in ('and_any', 'and_all', 'not_any', 'not_all')`),
    )
    .addColumn('case_sensitive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('match_whole_words', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('probability', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(100)
        .check(sql`probability between 0 and 100`),
    )
    .addColumn('placement', 'text', (c) =>
      c
        .notNull()
        .defaultTo('before_char')
        .check(sql`placement in ('before_char', 'after_char', 'at_depth')`),
    )
    .addColumn('depth', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(4)
        .check(sql`depth between 0 and 1000`),
    )
    .addColumn('exclude_recursion', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('prevent_recursion', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('delay_until_recursion', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('extensions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .alterTable('lorebooks')
    .addColumn('recursive_scanning', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lorebooks').dropColumn('recursive_scanning').execute();
  await db.schema
    .alterTable('lorebook_entries')
    .dropColumn('constant')
    .dropColumn('secondary_keywords')
    .dropColumn('selective_logic')
    .dropColumn('case_sensitive')
    .dropColumn('match_whole_words')
    .dropColumn('probability')
    .dropColumn('placement')
    .dropColumn('depth')
    .dropColumn('exclude_recursion')
    .dropColumn('prevent_recursion')
    .dropColumn('delay_until_recursion')
    .dropColumn('extensions')
    .execute();
}
