/**
 * firestore.rules against the official Firestore emulator (FIRESTORE_EMULATOR_HOST), which the
 * API test run starts where this machine has it, through its REST API (testing/firestore-rest.ts).
 * Where it is absent these cases cannot run, and the file reports a skipped case with the reason
 * instead of pretending.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, describe, it } from 'vitest';
import {
  expectAllowed,
  expectDenied,
  firestoreRulesEmulator,
  type FirestoreRulesEmulator,
} from '../testing/firestore-rest.js';
import {
  NEEDS_OFFICIAL_FIRESTORE,
  OFFICIAL_FIRESTORE_HOST,
} from '../testing/official-firestore.js';

const emulatorHost = OFFICIAL_FIRESTORE_HOST;

const OWNER = { uid: 'owner-uid', email: 'owner@sprocket.test', email_verified: true };
const OTHER = { uid: 'other-uid', email: 'other@sprocket.test', email_verified: true };
const ADMIN = { uid: 'admin-uid', email: 'admin@sprocket.test', email_verified: true, admin: true };
const GUEST_EMAIL = 'guest@sprocket.test';
/** Signed up with a guest's address, which it has not verified. */
const SQUATTER = { uid: 'squatter-uid', email: GUEST_EMAIL };
/** OWNER's address, verified, on an account made after OWNER's (a new uid). */
const NEW_HOLDER = { uid: 'new-holder-uid', email: OWNER.email, email_verified: true };
let emulator: FirestoreRulesEmulator;

const anonymous = () => emulator.anonymous();
const owner = () => emulator.signedIn(OWNER);
const other = () => emulator.signedIn(OTHER);
const admin = () => emulator.signedIn(ADMIN);

// Every case is declared; without the official emulator they are reported skipped, with why.
describe.skipIf(!emulatorHost)(
  emulatorHost ? 'firestore.rules' : `firestore.rules — not run: ${NEEDS_OFFICIAL_FIRESTORE}`,
  () => {
    beforeAll(async () => {
      emulator = firestoreRulesEmulator(emulatorHost!, 'demo-sprocket-rules');
      await emulator.loadRules(
        readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8'),
      );
    });
    beforeEach(async () => {
      await emulator.clear();
      await emulator.seed({
        'parts/chain': { productName: 'Chain', quantity: 5 },
        'reviews/r1': { productName: 'Chain', email: OTHER.email, uid: OTHER.uid, rating: 5 },
        'reviews/mine': { productName: 'Chain', email: OWNER.email, uid: OWNER.uid, rating: 4 },
        'orders/mine': { email: OWNER.email, uid: OWNER.uid, partName: 'Chain', paid: false },
        'orders/theirs': { email: OTHER.email, uid: OTHER.uid, partName: 'Chain', paid: false },
        'orders/guest': { email: GUEST_EMAIL, guest: true, userName: 'Gus', address: '2 Lane' },
        'orders/claimed': { email: GUEST_EMAIL, guest: false, uid: 'guest-uid', paid: true },
        'profiles/mine': { email: OWNER.email, degree: 'BSc' },
        'users/mine': { email: OWNER.email, uid: OWNER.uid },
        'users/theirs': { email: OTHER.email, uid: OTHER.uid, role: 'admin' },
        'paymentEvents/evt_1': { type: 'payment_intent.succeeded' },
        'carts/mine': { email: OWNER.email, items: [] },
        'savedAddresses/mine': { email: OWNER.email, address: '1 Road' },
        'mail/m1': { to: OWNER.email, message: { subject: 'Paid' } },
        'contactMessages/c1': { email: OWNER.email, message: 'Hello' },
        'removedReviews/x1': { email: OWNER.email, reviewId: 'r0', reason: 'Spam' },
        'auditLog/a1': {
          at: '2026-11-26T10:00:00.000Z',
          byUid: ADMIN.uid,
          byEmail: ADMIN.email,
          kind: 'part.price',
          targetId: 'chain',
          before: { price: 1000 },
          after: { price: 1200 },
        },
        'customerTotals/c1': { email: OWNER.email, orders: 1, totalSpent: 1200 },
      });
    });

    it('lets everyone read parts', async () => {
      await expectAllowed(anonymous().get('parts/chain'));
      await expectAllowed(anonymous().list('parts'));
    });

    it('keeps reviews, which carry their author’s email, to their author and admins', async () => {
      await expectAllowed(other().get('reviews/r1'));
      await expectAllowed(admin().list('reviews'));
      await expectDenied(anonymous().get('reviews/r1'));
      await expectDenied(owner().get('reviews/r1'));
      await expectDenied(owner().list('reviews'));
    });

    it('lets owners read their own orders, review and user record one by one, and nobody else’s', async () => {
      await expectAllowed(owner().get('orders/mine'));
      await expectAllowed(owner().get('reviews/mine'));
      await expectAllowed(owner().get('users/mine'));
      await expectDenied(owner().get('orders/theirs'));
      await expectDenied(owner().list('orders'));
      // A query cannot show that all it returns is the caller's: the API answers lists.
      await expectDenied(owner().whereEqual('orders', 'email', OWNER.email));
      await expectDenied(anonymous().get('orders/mine'));
      await expectDenied(owner().list('users'));
      await expectDenied(other().get('users/mine'));
    });

    it('keeps profiles, carts and saved addresses, which name no account, to admins', async () => {
      for (const path of ['profiles/mine', 'carts/mine', 'savedAddresses/mine']) {
        await expectAllowed(admin().get(path));
        await expectDenied(owner().get(path));
        await expectDenied(other().get(path));
        await expectDenied(emulator.signedIn(NEW_HOLDER).get(path));
      }
    });

    it('shows a guest’s order to admins only, whoever signs up with its address', async () => {
      const squatter = emulator.signedIn(SQUATTER);
      await expectDenied(squatter.get('orders/guest'));
      await expectDenied(squatter.whereEqual('orders', 'email', GUEST_EMAIL));
      // Verified, the address still claims nothing here: the API's claim sets the account.
      const verified = emulator.signedIn({ ...SQUATTER, email_verified: true });
      await expectDenied(verified.get('orders/guest'));
      await expectDenied(verified.get('orders/claimed'));
      await expectAllowed(
        emulator
          .signedIn({ ...SQUATTER, uid: 'guest-uid', email_verified: true })
          .get('orders/claimed'),
      );
      await expectAllowed(admin().get('orders/guest'));
    });

    it('refuses an address signed up again (a new uid) the earlier account’s records', async () => {
      const newHolder = emulator.signedIn(NEW_HOLDER);
      for (const path of [
        'orders/mine',
        'reviews/mine',
        'users/mine',
        'profiles/mine',
        'carts/mine',
        'savedAddresses/mine',
      ]) {
        await expectDenied(newHolder.get(path));
      }
      // Nor the owner itself before its address is verified.
      const unverifiedOwner = emulator.signedIn({ uid: OWNER.uid, email: OWNER.email });
      await expectDenied(unverifiedOwner.get('orders/mine'));
    });

    it('lets admins (by custom claim) read everything', async () => {
      await expectAllowed(admin().list('orders'));
      await expectAllowed(admin().list('users'));
      await expectAllowed(admin().get('paymentEvents/evt_1'));
      await expectDenied(owner().get('paymentEvents/evt_1'));
      // Mail and contact messages are the shop's, even where they name the reader.
      await expectAllowed(admin().list('mail'));
      await expectAllowed(admin().list('contactMessages'));
      await expectDenied(owner().get('mail/m1'));
      await expectDenied(owner().get('contactMessages/c1'));
      // A removed review is the moderators' record, not its author's (docs/decisions/023).
      await expectAllowed(admin().list('removedReviews'));
      await expectDenied(owner().get('removedReviews/x1'));
      await expectDenied(anonymous().list('removedReviews'));
    });

    it('lets admins read the audit log, and nobody change, add to or empty it', async () => {
      await expectAllowed(admin().get('auditLog/a1'));
      await expectAllowed(admin().list('auditLog'));
      await expectDenied(owner().get('auditLog/a1'));
      await expectDenied(owner().list('auditLog'));
      await expectDenied(anonymous().list('auditLog'));
      for (const caller of [admin(), owner()]) {
        await expectDenied(caller.update('auditLog/a1', { after: { price: 1000 } }));
        await expectDenied(caller.set('auditLog/a1', { kind: 'part.price' }));
        await expectDenied(caller.add('auditLog', { kind: 'part.price', byEmail: OWNER.email }));
        await expectDenied(caller.delete('auditLog/a1'));
      }
      await expectAllowed(admin().get('auditLog/a1'));
      // The customers' figures carry their email but are the shop's: admins only.
      await expectAllowed(admin().get('customerTotals/c1'));
      await expectDenied(owner().get('customerTotals/c1'));
      await expectDenied(admin().update('customerTotals/c1', { totalSpent: 0 }));
    });

    it('refuses every client write, admins included', async () => {
      await expectDenied(anonymous().update('parts/chain', { quantity: 99 }));
      await expectDenied(owner().update('orders/mine', { paid: true }));
      await expectDenied(owner().add('orders', { email: OWNER.email }));
      await expectDenied(owner().set('reviews/new', { email: OWNER.email, rating: 5 }));
      await expectDenied(admin().update('parts/chain', { quantity: 99 }));
      await expectDenied(admin().set('users/mine', { email: OWNER.email, role: 'admin' }));
      await expectDenied(admin().delete('orders/mine'));
    });
  },
);
