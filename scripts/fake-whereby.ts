/**
 * A stand-in for Whereby's REST API on 127.0.0.1, to try video rooms (V6) without a Whereby account. It answers as
 * the tests' fake does (tests/support/fake-whereby.ts): the rooms it makes have addresses that open nothing.
 *
 *   npm run fake-whereby            # prints the two settings to start the app with, then serves until Ctrl+C
 */
import { startFakeWhereby } from '../tests/support/fake-whereby';

const fake = await startFakeWhereby('local-try-key');
console.log('Fake Whereby API ready. Start Maillage with:');
console.log(`  WHEREBY_API_URL=${fake.url} WHEREBY_API_KEY=${fake.apiKey} npm start`);
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
