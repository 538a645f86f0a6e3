module webhook-relay.local/relay-client-go

go 1.19
