// The webhooks module's public face (decision 033): the routes, the dispatcher, and the one way other
// modules tell webhooks of an event.
export { webhooksRoutes } from './webhooks.routes';
export { WebhookDispatcher, type DispatcherOptions, WEBHOOK_STATES } from './webhooks.dispatcher';
export { emitWebhookEvent } from './webhooks.events';
