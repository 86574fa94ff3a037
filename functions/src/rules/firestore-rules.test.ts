/**
 * firestore.rules against the official Firestore emulator (FIRESTORE_EMULATOR_HOST), which the
 * API test run starts where this machine has it. Where it is absent these cases cannot run, and
 * the file reports a skipped case with the reason instead of pretending.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import {
  NEEDS_OFFICIAL_FIRESTORE,
  OFFICIAL_FIRESTORE_HOST,
} from '../testing/official-firestore.js';

const emulatorHost = OFFICIAL_FIRESTORE_HOST;

const OWNER = { uid: 'owner-uid', email: 'owner@sprocket.test' };
const OTHER = { uid: 'other-uid', email: 'other@sprocket.test' };
const ADMIN = { uid: 'admin-uid', email: 'admin@sprocket.test', admin: true };
let env: RulesTestEnvironment;

const anonymous = () => env.unauthenticatedContext().firestore();
const owner = () => env.authenticatedContext(OWNER.uid, { email: OWNER.email }).firestore();
const other = () => env.authenticatedContext(OTHER.uid, { email: OTHER.email }).firestore();
const admin = () =>
  env.authenticatedContext(ADMIN.uid, { email: ADMIN.email, admin: true }).firestore();

// Every case is declared; without the official emulator they are reported skipped, with why.
describe.skipIf(!emulatorHost)(
  emulatorHost ? 'firestore.rules' : `firestore.rules — not run: ${NEEDS_OFFICIAL_FIRESTORE}`,
  () => {
    beforeAll(async () => {
      const [host, port] = (emulatorHost ?? '').split(':');
      env = await initializeTestEnvironment({
        projectId: 'demo-sprocket-rules',
        firestore: {
          host: host!,
          port: Number(port),
          rules: readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8'),
        },
      });
    });
    afterAll(async () => {
      await env?.cleanup();
    });
    beforeEach(async () => {
      await env.clearFirestore();
      await env.withSecurityRulesDisabled(async (context) => {
        const db = context.firestore();
        await db.doc('parts/chain').set({ productName: 'Chain', quantity: 5 });
        await db.doc('reviews/r1').set({ productName: 'Chain', email: OTHER.email, rating: 5 });
        await db.doc('orders/mine').set({ email: OWNER.email, partName: 'Chain', paid: false });
        await db.doc('orders/theirs').set({ email: OTHER.email, partName: 'Chain', paid: false });
        await db.doc('profiles/mine').set({ email: OWNER.email, degree: 'BSc' });
        await db.doc('users/mine').set({ email: OWNER.email });
        await db.doc('users/theirs').set({ email: OTHER.email, role: 'admin' });
        await db.doc('paymentEvents/evt_1').set({ type: 'payment_intent.succeeded' });
        await db.doc('carts/mine').set({ email: OWNER.email, items: [] });
        await db.doc('savedAddresses/mine').set({ email: OWNER.email, address: '1 Road' });
        await db.doc('mail/m1').set({ to: OWNER.email, message: { subject: 'Paid' } });
        await db.doc('contactMessages/c1').set({ email: OWNER.email, message: 'Hello' });
        await db
          .doc('removedReviews/x1')
          .set({ email: OWNER.email, reviewId: 'r0', reason: 'Spam' });
      });
    });

    it('lets everyone read parts', async () => {
      await assertSucceeds(anonymous().doc('parts/chain').get());
      await assertSucceeds(anonymous().collection('parts').get());
    });

    it('keeps reviews, which carry their author’s email, to their author and admins', async () => {
      await assertSucceeds(other().doc('reviews/r1').get());
      await assertSucceeds(admin().collection('reviews').get());
      await assertFails(anonymous().doc('reviews/r1').get());
      await assertFails(owner().doc('reviews/r1').get());
      await assertFails(owner().collection('reviews').get());
    });

    it('lets owners read their own orders, profile and user record, and nobody else’s', async () => {
      await assertSucceeds(owner().doc('orders/mine').get());
      await assertSucceeds(owner().collection('orders').where('email', '==', OWNER.email).get());
      await assertSucceeds(owner().doc('profiles/mine').get());
      await assertSucceeds(owner().doc('users/mine').get());
      await assertFails(owner().doc('orders/theirs').get());
      await assertFails(owner().collection('orders').get());
      await assertFails(other().doc('profiles/mine').get());
      await assertFails(anonymous().doc('orders/mine').get());
      await assertFails(owner().collection('users').get());
      await assertSucceeds(owner().doc('carts/mine').get());
      await assertSucceeds(owner().doc('savedAddresses/mine').get());
      await assertFails(other().doc('carts/mine').get());
      await assertFails(other().doc('savedAddresses/mine').get());
    });

    it('lets admins (by custom claim) read everything', async () => {
      await assertSucceeds(admin().collection('orders').get());
      await assertSucceeds(admin().collection('users').get());
      await assertSucceeds(admin().doc('paymentEvents/evt_1').get());
      await assertFails(owner().doc('paymentEvents/evt_1').get());
      // Mail and contact messages are the shop's, even where they name the reader.
      await assertSucceeds(admin().collection('mail').get());
      await assertSucceeds(admin().collection('contactMessages').get());
      await assertFails(owner().doc('mail/m1').get());
      await assertFails(owner().doc('contactMessages/c1').get());
      // A removed review is the moderators' record, not its author's (docs/decisions/023).
      await assertSucceeds(admin().collection('removedReviews').get());
      await assertFails(owner().doc('removedReviews/x1').get());
      await assertFails(anonymous().collection('removedReviews').get());
    });

    it('refuses every client write, admins included', async () => {
      await assertFails(anonymous().doc('parts/chain').update({ quantity: 99 }));
      await assertFails(owner().doc('orders/mine').update({ paid: true }));
      await assertFails(owner().collection('orders').add({ email: OWNER.email }));
      await assertFails(owner().doc('reviews/new').set({ email: OWNER.email, rating: 5 }));
      await assertFails(admin().doc('parts/chain').update({ quantity: 99 }));
      await assertFails(admin().doc('users/mine').set({ email: OWNER.email, role: 'admin' }));
      await assertFails(admin().doc('orders/mine').delete());
    });
  },
);
