/** npm run migrate: checks the services and applies every pending migration. */
import { prepare } from '#server/lib/startup';

await prepare({ migrate: true });
process.stdout.write('Migrations applied.\n');
