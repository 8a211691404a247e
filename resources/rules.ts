/** The zod building blocks live in contract/rules.ts (the calls' schemas there use them too); declarations import them from here. */
export { FILTER_TEXT_MAX, LIST_MAX, isRealDate, rules } from '../contract/rules';
