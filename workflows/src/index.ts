// Every workflow the Meetflow worker runs. Bundle-pure: no Node builtins, no I/O here.
export { systemCheck, type SystemCheckResult } from './system-check.ts';
