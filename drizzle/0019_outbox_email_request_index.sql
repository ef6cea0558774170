-- The e-mails about a client request, by its id: the lead's history (every opened lead) and the request's
-- removal find them without reading the whole outbox (docs/decisions/0046).
CREATE INDEX "outbox_email_request_idx" ON "outbox" USING btree (("metadata" ->> 'requestId')) WHERE "outbox"."channel" = 'email';