// Package contact receives the enquiries that prospects post from the site's
// contact form, stores each one durably before answering, and delivers it to
// the company's inbox afterwards, with retries; or says plainly that it
// could not store it. It is the enquiry's logic, free of any transport and
// of any AWS client: decoding and validation, the answers, CORS, the rate
// limit (package ratelimit), the log, the interfaces it stores, sends and
// records delivery through ([Store], [Mailer], [Ledger]), and the delivery's
// policy and retries ([Deliverer]).
//
// The ways in and out are packages of their own, so that a program links
// only what it uses (the local servers link no AWS client at all):
//
//	outbox        the local store and mailbox, a JSON Lines file; outbox.Handler
//	              is the function as cmd/serve, cmd/dev and the browser tests mount it
//	lambdaevent   Lambda's events: Function URL requests into [Function], SQS
//	              batches into [Deliverer] attempts
//	sqsqueue      the delivery queue on SQS: the deployed [Store], and the
//	              backoff as a message's visibility timeout
//	dynamoledger  the deployed [Ledger], on DynamoDB
//	sesmail       the deployed [Mailer], on SES v2, and its send log (CloudWatch
//	              Logs) that confirms a send whose answer was lost
//	cmd/lambda, cmd/deliver  the two Lambda entry programs (bootstrap)
//
// The receiving half runs as an AWS Lambda behind a Function URL in
// production and as an [http.Handler] ([New]) mounted at /api/contact by
// the local server; the delivering half runs as a second Lambda, triggered
// by the queue the first one stores on.
//
// # The endpoint
//
// A request is a POST with Content-Type application/json whose body is one
// JSON object:
//
//	{"name": "Ada Lovelace", "email": "ada@example.com", "phone": "+1 555 010 0000",
//	 "companySize": "51-250", "message": "We would like a demo of Pulse.",
//	 "product": "pulse", "page": "/solutions/pulse", "utm_source": "newsletter",
//	 "honeypot": "", "elapsedMs": 8123}
//
// The form also sends X-Amz-Content-Sha256, the lower-case hex SHA-256 of
// the body: in production CloudFront signs its request to the Function URL
// with it (origin access control), and Lambda takes no unsigned body. When
// present it must be exactly that, one value, lower-case (400 malformed
// otherwise: an empty or upper-case one too), locally as well.
//
// honeypot and elapsedMs are optional; the form sends them so that the server
// repeats the client's anti-bot checks. Decoding is strict: unknown or
// duplicated members, null, values of the wrong type, invalid UTF-8 and
// anything after the object are refused, because a lenient decoder is how
// smuggled fields and ambiguous payloads get through.
//
// A \u escape of a lone UTF-16 surrogate (the escaped form of invalid
// UTF-8, which encoding/json would silently turn into U+FFFD) is refused
// the same way.
//
// Every field is trimmed of surrounding white space, then checked; lengths are
// counted in characters (runes), not bytes, and minimum lengths count only
// visible characters: not zero-width or formatting characters (U+200B,
// U+200D, U+FEFF...), variation selectors or default-ignorable fillers
// (U+3164). "Control characters" include the bidirectional embeddings,
// overrides and isolates U+202A–U+202E and U+2066–U+2069, which make text
// display in another order than it was written, the deprecated format
// characters U+206A–U+206F, and the tag characters U+E0000–U+E007F, which
// show nothing and can carry a hidden text (but in a subdivision's flag,
// after U+1F3F4, a subdivision's code of 3 to 7, ended by U+E007F); in the
// one-line fields (name, phone) also the directional marks U+200E, U+200F
// and U+061C, which a message may keep for right-to-left writing (and only
// a message with right-to-left letters). What a reader would not see is
// refused too (functions/contact/README.md has each rule): invisible and
// private-use characters, text hidden in variation selectors or runs of
// zero-width characters, joiners between Latin letters, addresses in a
// name, words in a phone, look-alike alphabets mixed in a word of a name.
//
//	name         2..200 characters, at least one letter or digit, no control
//	             characters (it goes into the subject), no @, :// or www.
//	email        at most 254 characters, ASCII, exactly one bare address as
//	             net/mail parses it (no display name, no comments), a local
//	             part of at most 64 characters, no RFC 2047 encoded word
//	             ("=?"), a host name of two labels or more (letters,
//	             digits, inner hyphens; a top-level label not all digits)
//	phone        10..40 characters, at least one digit; digits, spaces,
//	             + - ( ) . , / # * and ext, x or extension
//	companySize  one of 1-50, 51-250, 251-500, >500
//	message      10..5000 characters, at least one letter or digit; line
//	             breaks and tabs allowed, other control characters not
//	product      optional: one of the site's product ids (Config.Enquiries)
//	page         optional: the site path the enquiry was sent from, at most
//	             300 bytes of path characters, no "//" (contactform.PagePattern)
//	utm_source, utm_medium, utm_campaign, utm_term, utm_content
//	             optional: the landing address's campaign parameters, each at
//	             most 100 letters (not the Hangul fillers, which draw nothing),
//	             digits, spaces and . _ ~ + : | / -
//	             (contactform.CampaignPattern)
//
// The body limit is sized from these limits: every submission they allow
// fits it however its characters are encoded (12 bytes a character at
// worst, a surrogate pair of \u escapes), so a field over its limit gets its
// field message, never a bare 413.
//
// The messages are the form's own where the form has one, so the client
// can show them beside the fields unchanged.
//
// # The validation answer
//
// A submission that fails validation gets 400 and exactly this object:
//
//	{"error": "validation", "fields": {"<field>": "<message>", ...}}
//
// fields has one member for each failing field, and only those, named as in
// the request (name, email, phone, companySize, message, product, page, utm_*), whose value is that
// field's one message, a sentence in English meant to be shown beside the
// field as it is:
//
//	name         Name must be at least 2 characters | Name must be at most 200 characters |
//	             Name must not contain line breaks or control characters |
//	             Name must contain a letter or digit
//	email        Please enter a valid email address | Email must be at most 254 characters
//	phone        Phone number must be at least 10 characters | Phone number must be at most 40 characters |
//	             Phone number must not contain line breaks or control characters |
//	             Phone number must contain digits
//	companySize  Please select your company size
//	message      Message must be at least 10 characters | Message must be at most 5000 characters |
//	             Message must not contain control characters | Message must contain letters or digits
//	product      Please choose a product from the list
//	page         Page must be a path on this site
//	utm_*        Campaign value must be at most 100 letters, digits, spaces or . _ ~ + : | / - characters
//
// Every field is checked, so all failing fields come in one answer.
//
// # Answers
//
// Every answer with a body is JSON with Cache-Control: no-store, and every
// answer carries X-Request-Id, the id of its log record.
//
//	200 {"ok":true,"id":"...","status":"received"}  stored: on the delivery queue (SQS), or fsynced to the local outbox
//	204                                 OPTIONS (CORS preflight)
//	400 {"error":"validation","fields":{"email":"Please enter a valid email address"}}
//	400 {"error":"suspicious","message":"Suspicious activity detected. Please try again."}
//	400 {"error":"malformed","message":"..."}  not one strict JSON object, or not the body's digest
//	403 {"error":"forbidden",...}              Lambda only, with Config.RequireIAM: an event Lambda did not authenticate with IAM
//	405 {"error":"method_not_allowed",...}     with Allow: POST, OPTIONS
//	413 {"error":"too_large",...}              body over 76 KiB (see above)
//	415 {"error":"unsupported_media_type",...}
//	429 {"error":"rate_limited",...}           with Retry-After in seconds
//	502 {"error":"unavailable",...}            the enquiry could not be stored; try again
//
// A 2xx means the enquiry is stored durably; delivery to the inbox comes
// after the answer, so an SES outage, throttling or a lost identity no longer
// turns a visitor away. Whatever goes wrong while storing becomes a 502,
// never a 2xx, so the form can tell the visitor to try again or to write
// directly. The id in the answer names the enquiry everywhere downstream:
// the queue message, the ledger, the mail's tag and footer, the logs.
//
// # Abuse
//
// A filled honeypot or an elapsedMs under 3000 gets the suspicious answer and
// nothing is delivered. Each source IP is rate-limited by a token bucket
// refilled at Config.RatePerMinute up to Config.RateBurst, per process
// (package [github.com/vozia/site/functions/contact/ratelimit] says how
// sources are counted and remembered); a source over its limit gets 429 with
// Retry-After. The local handler takes the source IP from r.RemoteAddr and
// ignores X-Forwarded-For and CloudFront-Viewer-Address, which any client can
// forge. The Lambda takes the viewer's address from CloudFront-Viewer-Address,
// and trusts it only on events Lambda authenticated with IAM while RequireIAM
// is on: only the site's distribution can invoke the URL, and CloudFront
// writes that header itself. Otherwise (and without the header) it uses the
// request context's sourceIp, which behind the CDN is CloudFront's address,
// shared by every visitor of an edge.
//
// CORS is granted only to Config.AllowedOrigins; other origins get answers
// without any Access-Control-Allow-* header, so a browser will not let their
// pages send or read anything.
//
// # Storing and delivery
//
// The handler stores through [Store]: deployed, the SQS delivery queue
// (package sqsqueue), one message per enquiry whose body is the enquiry
// ([EncodeEnquiry]); locally the outbox (package outbox), which appends
// one JSON line per enquiry to a file and fsyncs before answering
// (reopening the path if the file was deleted or moved away meanwhile),
// and is the local mailbox too. Storing is not cancelled
// when the visitor's connection drops: once accepted, an enquiry is either
// stored or reported lost in the log (and the visitor gets a 502).
//
// The [Deliverer] takes each message off the queue and sends it through a
// [Mailer]: SES v2 (package sesmail), one mail per enquiry ([RenderMail])
// to the configured inbox (or to the mailboxes of its product,
// Config.Enquiries) with the visitor's address as Reply-To and a text and
// an HTML body. It retries with
// backoff, leaves the queue's redrive policy to move an enquiry that
// exhausted its attempts to the dead-letter queue, and delivers no enquiry
// twice for one id (see [Deliverer] for how).
//
// # Logging
//
// One JSON log record per request: request id, outcome, status, latency and
// a keyed hash of the source IP (the key is CONTACT_LOG_KEY, or random per
// process). Names, addresses, phone numbers, messages and raw IPs are never
// logged; on a validation failure only the names of the failing fields are.
package contact
