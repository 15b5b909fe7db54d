import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { linkIn } from '../support/mail-catcher.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct();
  await t.createUser({ email: 'forgetful@example.com', password: 'old secret 11', firstName: 'Fern' });
});
afterAll(() => t?.stop());

async function resetToken(email: string): Promise<string> {
  const answer = await t.browser().post('/api/auth/forgot-password', { email });
  expect(answer.status).toBe(200);
  const mail = await t.mail.next(email, (m) => m.subject === 'Reset your Marketplace Hub password');
  return linkIn(mail, '/reset-password').searchParams.get('token')!;
}

describe('password recovery', () => {
  it('answers known and unknown emails alike and mails only the known one', async () => {
    const known = await t.browser().post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
    const unknown = await t.browser().post('/api/auth/forgot-password', { email: 'stranger@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const mail = await t.mail.next('forgetful@example.com');
    expect(mail.text).toContain('Hi Fern,');
    expect(linkIn(mail, '/reset-password').origin).toBe(t.url);
    expect(t.mail.sentTo('stranger@example.com')).toHaveLength(0);
  });

  it('resets the password once, ends every session of the user, and the old password stops working', async () => {
    const phone = t.browser();
    const laptop = t.browser();
    await phone.signIn('forgetful@example.com', 'old secret 11');
    await laptop.signIn('forgetful@example.com', 'old secret 11');
    const token = await resetToken('forgetful@example.com');

    // A refused password leaves the link usable.
    const common = await t.browser().post('/api/auth/reset-password', { token, password: 'qwerty123' });
    expect(common.status).toBe(400);
    const short = await t.browser().post('/api/auth/reset-password', { token, password: 'abc' });
    expect(short.status).toBe(400);

    const reset = await t.browser().post('/api/auth/reset-password', { token, password: 'new secret 22' });
    expect(reset.status).toBe(200);
    expect(typeof reset.body.message).toBe('string');
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect(
      (await t.browser().post('/api/auth/login', { email: 'forgetful@example.com', password: 'old secret 11' })).status,
    ).toBe(401);
    await t.browser().signIn('forgetful@example.com', 'new secret 22');

    const replay = await t.browser().post('/api/auth/reset-password', { token, password: 'third secret 33' });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('The password reset link is invalid or has expired.');
  });

  it('a reset invalidates older reset links too', async () => {
    const first = await resetToken('forgetful@example.com');
    const second = await resetToken('forgetful@example.com');
    expect(
      (await t.browser().post('/api/auth/reset-password', { token: second, password: 'fourth secret 44' })).status,
    ).toBe(200);
    expect(
      (await t.browser().post('/api/auth/reset-password', { token: first, password: 'fifth secret 55' })).status,
    ).toBe(400);
  });

  it('reset links expire after an hour', async () => {
    const token = await resetToken('forgetful@example.com');
    t.advance(3600 + 5);
    try {
      expect((await t.browser().post('/api/auth/reset-password', { token, password: 'sixth secret 66' })).status).toBe(
        400,
      );
    } finally {
      t.advance(-(3600 + 5));
    }
  });

  it('refuses made-up tokens', async () => {
    const answer = await t
      .browser()
      .post('/api/auth/reset-password', { token: 'made-up', password: 'seventh secret 77' });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'The password reset link is invalid or has expired.' },
    });
  });
});
