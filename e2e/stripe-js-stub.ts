// A local stand-in for Stripe.js (https://js.stripe.com/*), limited to what the /subscribe page uses:
// loadStripe -> Stripe(key), elements({ clientSecret }), the Payment Element (create/mount/on/destroy)
// and confirmPayment({ redirect: 'if_required' }). confirmPayment posts the card number to
// https://api.stripe.com/v1/payment_intents/confirm, which the test routes to the fake Stripe server.
import type { BrowserContext } from '@playwright/test';
import type { FakeStripe } from '../server/test/fake-stripe';

export const DECLINED_CARD = '4000 0000 0000 0002';

export const STRIPE_JS_STUB = `
(() => {
  function Stripe(key) {
    if (!key) throw new Error('Stripe.js stub: a publishable key is required');
    let clientSecret = null;
    const listeners = {};
    let host = null;
    const element = {
      mount(target) {
        host = typeof target === 'string' ? document.querySelector(target) : target;
        host.innerHTML = '<div data-testid="stripe-payment-element" style="display:grid;gap:4px">' +
          '<label for="stub-card-number">Card number</label>' +
          '<input id="stub-card-number" name="cardnumber" autocomplete="cc-number" value="4242 4242 4242 4242">' +
          '</div>';
        setTimeout(() => (listeners.ready || []).forEach((cb) => cb({ elementType: 'payment' })), 0);
      },
      on(ev, cb) { (listeners[ev] = listeners[ev] || []).push(cb); return element; },
      once(ev, cb) { return element.on(ev, cb); },
      off(ev, cb) { listeners[ev] = (listeners[ev] || []).filter((x) => x !== cb); return element; },
      update() {}, focus() {}, blur() {}, clear() {}, collapse() {},
      unmount() { if (host) host.innerHTML = ''; },
      destroy() { element.unmount(); },
    };
    const elements = {
      create() { return element; },
      getElement() { return element; },
      update() {},
      fetchUpdates: async () => ({}),
      submit: async () => ({}),
    };
    const notUsed = async () => ({ error: { message: 'not available in the Stripe.js stub' } });
    return {
      elements(options) { clientSecret = options && options.clientSecret; return elements; },
      async confirmPayment(params) {
        if (!params || params.redirect !== 'if_required') return { error: { message: 'stub: redirect must be if_required' } };
        const card = document.getElementById('stub-card-number').value;
        const res = await fetch('https://api.stripe.com/v1/payment_intents/confirm', {
          method: 'POST',
          body: JSON.stringify({ clientSecret, card }),
        });
        return res.json();
      },
      createToken: notUsed, createPaymentMethod: notUsed, confirmCardPayment: notUsed,
      _registerWrapper() {}, registerAppInfo() {},
    };
  }
  window.Stripe = Stripe;
})();
`;

/** Routes Stripe.js to the stub and its confirm call to the fake Stripe server (as the card network would). */
export async function routeStripe(context: BrowserContext, fake: FakeStripe): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STUB }),
  );
  await context.route('https://api.stripe.com/v1/payment_intents/confirm', async (route) => {
    const { clientSecret, card } = route.request().postDataJSON() as { clientSecret: string; card: string };
    const pi = fake.paymentIntentByClientSecret(clientSecret);
    const headers = { 'access-control-allow-origin': '*' };
    if (!pi) return route.fulfill({ status: 200, headers, json: { error: { message: 'No such payment_intent' } } });
    if (card.trim() === DECLINED_CARD) {
      fake.failPayment(pi.id, 'Your card was declined.');
      return route.fulfill({ status: 200, headers, json: { error: { type: 'card_error', message: 'Your card was declined.' } } });
    }
    fake.succeedPayment(pi.id);
    return route.fulfill({ status: 200, headers, json: { paymentIntent: { id: pi.id, object: 'payment_intent', status: 'succeeded' } } });
  });
}
