import { describe, expect, it } from 'vitest';
import { PushWakeups } from './push-wakeups.ts';

describe('the pushes running in this process', () => {
  it('a plan wakes the running push of its channel, and no other', async () => {
    const wakeups = new PushWakeups();
    const push = wakeups.open('channel-a');
    expect(wakeups.wake('channel-b')).toBe(false);
    const waiting = push.next(undefined, 60_000);
    expect(wakeups.wake('channel-a')).toBe(true);
    await expect(waiting).resolves.toBe(true);
    // What woke it is taken by the claim that follows; then it waits again.
    expect(push.take()).toBe('any-listing');
    expect(push.take()).toBeUndefined();
    // One wake is no stream: the push ends with its round. Three within a second are.
    expect(push.servesStream).toBe(false);
    wakeups.wake('channel-a');
    wakeups.wake('channel-a');
    expect(push.servesStream).toBe(true);
  });

  it('a wake that came during a claim is not lost: the push does not close, and its next wait ends at once', async () => {
    const wakeups = new PushWakeups();
    const push = wakeups.open('channel-a');
    push.take();
    expect(wakeups.wake('channel-a')).toBe(true);
    expect(push.close()).toBe(false);
    await expect(push.next(undefined, 60_000)).resolves.toBe(true);
    push.take();
    expect(push.close()).toBe(true);
    // Closed: a plan's wake is refused, and the plan asks the queue for a push instead.
    expect(wakeups.wake('channel-a')).toBe(false);
    expect(wakeups.size).toBe(0);
  });

  it('a wait ends with a round, with its time, or with the job stopping, saying it was not woken', async () => {
    const wakeups = new PushWakeups();
    const push = wakeups.open('channel-a');
    await expect(push.next(Promise.resolve(), undefined)).resolves.toBe(false);
    await expect(push.next(undefined, 5)).resolves.toBe(false);
    const stop = new AbortController();
    const waiting = push.next(undefined, 60_000, stop.signal);
    stop.abort();
    await expect(waiting).resolves.toBe(false);
    expect(push.servesStream).toBe(false);
  });

  it('a push opened again for the same channel (the last one gone without closing) replaces it', () => {
    const wakeups = new PushWakeups();
    const first = wakeups.open('channel-a');
    const second = wakeups.open('channel-a');
    expect(first.wake()).toBe(false);
    expect(wakeups.wake('channel-a')).toBe(true);
    expect(second.close(true)).toBe(true);
    expect(wakeups.size).toBe(0);
  });

  it('a push that sends only what was due when it started (Starter) takes no wake: the plan asks the queue', () => {
    const wakeups = new PushWakeups();
    const push = wakeups.open('channel-a', { wakeable: false });
    expect(wakeups.wake('channel-a')).toBe(false);
    expect(push.take()).toBeUndefined();
    expect(push.close()).toBe(true);
  });

  it('a push knows for which listings it was woken, or that a waker did not say', () => {
    const wakeups = new PushWakeups();
    const push = wakeups.open('channel-a');
    wakeups.wake('channel-a', ['listing-1']);
    wakeups.wake('channel-a', ['listing-2', 'listing-1']);
    expect(push.take()).toEqual(new Set(['listing-1', 'listing-2']));
    wakeups.wake('channel-a', ['listing-1']);
    wakeups.wake('channel-a');
    wakeups.wake('channel-a', ['listing-3']);
    expect(push.take()).toBe('any-listing');
    expect(push.take()).toBeUndefined();
  });
});
