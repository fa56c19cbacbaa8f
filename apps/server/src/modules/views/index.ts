// The views module's public face (decision 050): the routes. It owns saved_views and saved_view_pins.
export { viewsRoutes } from './views.routes';
export { seedDemoViews } from './views.demo';
