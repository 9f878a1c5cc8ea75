"""Tells people of new revisions: a message per revision and `[[notify]]` target, put in
the store's outbox when the revision is recorded and delivered through apprise by
`send.deliver` after each fetch cycle (chat, mail, webhooks: any apprise URL)."""
