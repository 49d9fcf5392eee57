import { contactRouteRows } from './support-app';
console.log(contactRouteRows()[0]);
