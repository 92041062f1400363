import { base32Decode, totpAt } from '../server/staff/totp';

/** Prints the current code of a base32 authenticator secret: the demo staff's second factor without a phone. */
const secret = process.argv[2] ?? '';
if (!/^[A-Z2-7]+=*$/i.test(secret)) {
  console.error('Usage: npx tsx scripts/totp.ts <base32 secret>');
  process.exit(2);
}
console.log(totpAt(base32Decode(secret), new Date()));
