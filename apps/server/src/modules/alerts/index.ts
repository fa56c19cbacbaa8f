// The alerts module's public face (decision 027): what app.ts, the demo seed and the tests may import.
export { alertsRoutes } from './alerts.routes';
export { AlertScheduler, registerAlertScheduler, type AlertScheduleOptions } from './alerts.scheduler';
export { alertDayOf, runDailyAlerts, type AlertJobDeps, type AlertRunOutcome } from './alerts.check';
export { seedDemoAlerts } from './alerts.demo';
