// The EULA module's public face (the agreement in force itself is core/eula.ts: sessions read it).
export { eulaRoutes } from './eula.routes';
