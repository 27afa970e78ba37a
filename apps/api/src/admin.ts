/**
 * Operator commands: `npm run admin -- <command> [arguments]` (from the repository root or
 * apps/api). They use the same configuration and database as the server (DATABASE_URL, or the
 * PGlite directory), migrate it first, and exit non-zero on failure.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { companies } from './db/schema/companies.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { wireToCentimes } from './lib/money.ts';
import {
  CARD_MOVE_TARGETS,
  type CardMoveTarget,
  moveCardByHand,
  spendWithCard,
} from './modules/cards/operator-commands.ts';
import { fundCompanyWallet } from './modules/company-wallet/service.ts';
import { publishTerms } from './modules/terms/service.ts';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  seed-demo                          create the demo companies and accounts if the database has no company
  publish-terms <file.html> <version>  publish new terms of use; every account must accept them again
  fund-wallet <company-id> <amount-DH> [reference]
                                     credit a company wallet (a 'wallet_funding' ledger transaction)
  card-move <card-id> <assigned|delivered|canceled> [reason]
                                     move a prepaid card along by hand (sandbox card issuer)
  card-spend <card-id> <amount-DH> [label]
                                     a purchase with a card at the sandbox issuer (a debit in its activity)
  help                               show this text`;

/** npm runs workspace scripts in apps/api; a path typed at the root is relative to where npm was started. */
function resolveFromCaller(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** A mistake in how the command was typed: answered with the usage text, not a stack trace. */
class UsageError extends Error {}

type Command = (args: string[], database: ReturnType<typeof openDatabase>) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  'seed-demo': async (_args, database) => {
    const seeded = await seedDemoIfEmpty(database.db);
    console.log(seeded ? 'Demo data created.' : 'The database already has companies: nothing to do.');
  },
  'publish-terms': async ([file, version], database) => {
    if (!file || !version) throw new UsageError('publish-terms needs <file.html> and <version>.');
    const content = (
      await readFile(resolveFromCaller(file), 'utf8').catch(() => {
        throw new UsageError(`Cannot read ${resolveFromCaller(file)}.`);
      })
    ).trim();
    if (!content) throw new UsageError(`${file} is empty.`);
    const terms = await publishTerms(database.db, { version, content });
    console.log(`Terms ${terms.version} published (id ${terms.id}); accounts will be asked to accept them.`);
  },
  'fund-wallet': async ([companyArg, amountArg, reference], database) => {
    if (!companyArg || !amountArg) throw new UsageError('fund-wallet needs <company-id> and <amount-DH>.');
    if (!/^\d+$/.test(companyArg)) throw new UsageError(`Not a company id: ${companyArg}.`);
    const amountCentimes = wireToCentimes(amountArg);
    if (amountCentimes === null || amountCentimes <= 0n)
      throw new UsageError(`Not a positive amount in DH: ${amountArg} (e.g. 500000 or 1500.50).`);
    const companyId = Number(companyArg);
    const [company] = await database.db.select().from(companies).where(eq(companies.id, companyId));
    if (!company) throw new UsageError(`No company with id ${companyId}.`);
    const transaction = await fundCompanyWallet(database.db, { companyId, amountCentimes, reference });
    console.log(
      `Wallet of ${company.name} funded with ${amountArg} DH (ledger transaction ${transaction.id}).`,
    );
  },
  'card-move': async ([cardArg, target, ...reason], database) => {
    if (!cardArg || !/^\d+$/.test(cardArg)) throw new UsageError('card-move needs <card-id>.');
    if (!target || !(CARD_MOVE_TARGETS as readonly string[]).includes(target))
      throw new UsageError(`card-move needs one of: ${CARD_MOVE_TARGETS.join(', ')}.`);
    const line = await moveCardByHand(
      database.db,
      loadConfig(),
      Number(cardArg),
      target as CardMoveTarget,
      reason.join(' ') || undefined,
    );
    console.log(line);
  },
  'card-spend': async ([cardArg, amountArg, ...label], database) => {
    if (!cardArg || !/^\d+$/.test(cardArg) || !amountArg)
      throw new UsageError('card-spend needs <card-id> and <amount-DH>.');
    console.log(
      await spendWithCard(
        database.db,
        loadConfig(),
        Number(cardArg),
        amountArg,
        label.join(' ') || undefined,
      ),
    );
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    console.log(USAGE);
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    await database.migrate();
    await command(args, database);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
