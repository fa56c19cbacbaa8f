// The forecast module's public face: what app.ts may import.
export { forecastRoutes } from './forecast.routes';
