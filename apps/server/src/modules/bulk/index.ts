// The bulk module's public face (decision 049): bulk changes of users and pools. It owns
// bulk_operations and bulk_operation_rows.
export { bulkRoutes } from './bulk.routes';
export { BulkRunner, BULK_STATES } from './bulk.runner';
