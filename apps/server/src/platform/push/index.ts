/** Browser push: the public key call and sendPush (spec §1 push messages, §7 direct push send). */
export { registerPushRoutes } from './push.routes.js';
export { sendPush, type PushDeps, type WebPushMessage } from './web-push.js';
