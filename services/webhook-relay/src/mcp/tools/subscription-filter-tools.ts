import { SubscriptionFilterDryRunRequest } from '@workspace/contracts';
import { dryRunSubscriptionFilter } from '../../domain/subscriptions/dry-run-subscription-filter.js';
import { defineTool, type RelayTool } from './tool-definition.js';

/**
 * Trying a subscription filter on recent events (docs/filters.md). Read-only: saving a filter is registering
 * what a subscription forwards, which the MCP server leaves to REST, the CLI and the dashboard.
 */
export const SUBSCRIPTION_FILTER_TOOLS: RelayTool[] = [
  defineTool({
    name: 'filters.dry_run',
    mirrors: 'dryRunSubscriptionFilter',
    title: 'Dry-run a subscription filter',
    description:
      "Evaluate a MongoDB-style filter over {body, headers, query, provider, state, event_type} against the endpoint's last events (limit, default 20, max 100), newest first: which match, which would be `filtered`. Changes nothing.",
    input: SubscriptionFilterDryRunRequest,
    readOnly: true,
    run: (context, input) => context.deps.tenants.run(context.principal.tenantId, (tx) => dryRunSubscriptionFilter({ tx, input })),
  }),
];
