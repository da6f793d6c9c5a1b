package contact

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudwatchlogs"
	cwtypes "github.com/aws/aws-sdk-go-v2/service/cloudwatchlogs/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// fakeTable answers UpdateItem as DynamoDB does for the two updates the
// ledger makes, evaluating their conditions on one item per id: enough to
// hold the ledger to the states it promises.
type fakeTable struct {
	mu    sync.Mutex
	items map[string]map[string]types.AttributeValue
	calls []*dynamodb.UpdateItemInput
}

func (f *fakeTable) UpdateItem(_ context.Context, in *dynamodb.UpdateItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, in)
	id := in.Key["id"].(*types.AttributeValueMemberS).Value
	old := f.items[id]
	v := in.ExpressionAttributeValues
	sval := func(k string) string { return v[k].(*types.AttributeValueMemberS).Value }
	nval := func(k string) int64 {
		n, _ := strconv.ParseInt(v[k].(*types.AttributeValueMemberN).Value, 10, 64)
		return n
	}
	state := itemState(old)
	ok := true
	switch {
	case strings.HasPrefix(*in.UpdateExpression, "SET #s = :sending"): // a claim
		ok = old == nil || state == StateFailed || state == StateUnknown ||
			(state == stateSending && itemNum(old, "lease") < nval(":now"))
	case in.ConditionExpression != nil: // releasing a claim
		tok, _ := old["token"].(*types.AttributeValueMemberS)
		ok = state == stateSending && tok != nil && tok.Value == sval(":token")
	}
	if !ok {
		return nil, &types.ConditionalCheckFailedException{Message: aws.String("condition"), Item: old}
	}
	item := map[string]types.AttributeValue{"id": str(id)}
	for k, a := range old {
		item[k] = a
	}
	if strings.HasPrefix(*in.UpdateExpression, "SET #s = :sending") {
		item["state"], item["lease"], item["token"] = v[":sending"], v[":until"], v[":token"]
		if _, has := item["expires"]; !has {
			item["expires"] = v[":expires"]
		}
	} else {
		item["state"] = v[":state"]
		delete(item, "lease")
		delete(item, "token")
	}
	if f.items == nil {
		f.items = map[string]map[string]types.AttributeValue{}
	}
	f.items[id] = item
	return &dynamodb.UpdateItemOutput{Attributes: old}, nil
}

// The DynamoDB ledger keeps the promises of the memory ledger: one claim at
// a time, an expired claim read as unknown, a stale attempt unable to
// release another's claim, sent for good, and records that expire.
func TestDynamoLedger(t *testing.T) {
	table := &fakeTable{}
	l := &dynamoLedger{client: table, table: "ledger", retention: 30 * 24 * time.Hour}
	ctx := context.Background()
	now := time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)

	a, err := l.Claim(ctx, "X", now, time.Minute)
	if err != nil || a.State != StateNew || a.Token == "" {
		t.Fatalf("first claim %+v, %v; want new with a token", a, err)
	}
	if got := itemNum(table.items["X"], "expires"); got != now.Add(30*24*time.Hour).Unix() {
		t.Errorf("expires %d; want retention from the first claim", got)
	}
	if b, _ := l.Claim(ctx, "X", now.Add(time.Second), time.Minute); b.State != StateBusy || !b.Until.Equal(now.Add(time.Minute)) {
		t.Errorf("second claim %+v; want busy until the first lease ends", b)
	}
	c, _ := l.Claim(ctx, "X", now.Add(2*time.Minute), time.Minute)
	if c.State != StateUnknown {
		t.Errorf("claim after an expired lease %+v; want unknown", c)
	}
	if err := l.Settle(ctx, "X", a.Token, StateFailed, now); err != nil || itemState(table.items["X"]) != stateSending {
		t.Errorf("a stale attempt's release: %v, state %q; want nothing changed", err, itemState(table.items["X"]))
	}
	if err := l.Settle(ctx, "X", c.Token, StateUnknown, now); err != nil || itemState(table.items["X"]) != StateUnknown {
		t.Errorf("release unknown: %v, state %q", err, itemState(table.items["X"]))
	}
	d, _ := l.Claim(ctx, "X", now.Add(3*time.Minute), time.Minute)
	if d.State != StateUnknown {
		t.Errorf("claim after an unknown outcome %+v; want unknown (confirm before sending)", d)
	}
	if err := l.Settle(ctx, "X", d.Token, StateSent, now); err != nil {
		t.Fatal(err)
	}
	if e, _ := l.Claim(ctx, "X", now.Add(time.Hour), time.Minute); e.State != StateSent {
		t.Errorf("claim after sent %+v; want sent", e)
	}
	f, _ := l.Claim(ctx, "Y", now, time.Minute)
	l.Settle(ctx, "Y", f.Token, StateFailed, now)
	if g, _ := l.Claim(ctx, "Y", now, time.Minute); g.State != StateNew {
		t.Errorf("claim after a refused send %+v; want new (send again)", g)
	}
	for _, in := range table.calls {
		if *in.TableName != "ledger" {
			t.Errorf("update of table %q", *in.TableName)
		}
	}
}

type fakeSendLog struct {
	events  map[string]bool // enquiry ids SES accepted
	pattern []string
}

func (f *fakeSendLog) FilterLogEvents(_ context.Context, in *cloudwatchlogs.FilterLogEventsInput, _ ...func(*cloudwatchlogs.Options)) (*cloudwatchlogs.FilterLogEventsOutput, error) {
	f.pattern = append(f.pattern, *in.FilterPattern)
	// One empty page first, as the service may answer.
	if in.NextToken == nil {
		return &cloudwatchlogs.FilterLogEventsOutput{NextToken: aws.String("next")}, nil
	}
	for id := range f.events {
		if strings.Contains(*in.FilterPattern, `"`+id+`"`) {
			return &cloudwatchlogs.FilterLogEventsOutput{Events: []cwtypes.FilteredLogEvent{{Message: aws.String("{}")}}}, nil
		}
	}
	return &cloudwatchlogs.FilterLogEventsOutput{}, nil
}

func TestSendLogConfirmsByTag(t *testing.T) {
	f := &fakeSendLog{events: map[string]bool{"SENT1": true}}
	l := &sendLog{client: f, group: "/aws/events/site-ses-sends"}
	for id, want := range map[string]bool{"SENT1": true, "LOST2": false} {
		got, err := l.has(context.Background(), Enquiry{ID: id, Received: time.Now()})
		if err != nil || got != want {
			t.Errorf("%s: %v, %v; want %v", id, got, err, want)
		}
	}
	if !strings.Contains(f.pattern[0], `$.detail.mail.tags.enquiry[0] = "SENT1"`) && !strings.Contains(f.pattern[0], `"LOST2"`) {
		t.Errorf("filter pattern %q does not look for the enquiry tag", f.pattern[0])
	}
}
