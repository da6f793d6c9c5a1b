package dynamoledger

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/vozia/site/functions/contact"
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
		ok = old == nil || state == contact.StateFailed || state == contact.StateUnknown ||
			(state == contact.StateSending && itemNum(old, "lease") < nval(":now"))
	case in.ConditionExpression != nil: // releasing a claim
		tok, _ := old["token"].(*types.AttributeValueMemberS)
		ok = state == contact.StateSending && tok != nil && tok.Value == sval(":token")
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
	l := &ledger{client: table, table: "ledger", retention: 30 * 24 * time.Hour}
	ctx := context.Background()
	now := time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)

	a, err := l.Claim(ctx, "X", now, time.Minute)
	if err != nil || a.State != contact.StateNew || a.Token == "" {
		t.Fatalf("first claim %+v, %v; want new with a token", a, err)
	}
	if got := itemNum(table.items["X"], "expires"); got != now.Add(30*24*time.Hour).Unix() {
		t.Errorf("expires %d; want retention from the first claim", got)
	}
	if b, _ := l.Claim(ctx, "X", now.Add(time.Second), time.Minute); b.State != contact.StateBusy || !b.Until.Equal(now.Add(time.Minute)) {
		t.Errorf("second claim %+v; want busy until the first lease ends", b)
	}
	c, _ := l.Claim(ctx, "X", now.Add(2*time.Minute), time.Minute)
	if c.State != contact.StateUnknown {
		t.Errorf("claim after an expired lease %+v; want unknown", c)
	}
	if err := l.Settle(ctx, "X", a.Token, contact.StateFailed, now); err != nil || itemState(table.items["X"]) != contact.StateSending {
		t.Errorf("a stale attempt's release: %v, state %q; want nothing changed", err, itemState(table.items["X"]))
	}
	if err := l.Settle(ctx, "X", c.Token, contact.StateUnknown, now); err != nil || itemState(table.items["X"]) != contact.StateUnknown {
		t.Errorf("release unknown: %v, state %q", err, itemState(table.items["X"]))
	}
	d, _ := l.Claim(ctx, "X", now.Add(3*time.Minute), time.Minute)
	if d.State != contact.StateUnknown {
		t.Errorf("claim after an unknown outcome %+v; want unknown (confirm before sending)", d)
	}
	if err := l.Settle(ctx, "X", d.Token, contact.StateSent, now); err != nil {
		t.Fatal(err)
	}
	if e, _ := l.Claim(ctx, "X", now.Add(time.Hour), time.Minute); e.State != contact.StateSent {
		t.Errorf("claim after sent %+v; want sent", e)
	}
	f, _ := l.Claim(ctx, "Y", now, time.Minute)
	l.Settle(ctx, "Y", f.Token, contact.StateFailed, now)
	if g, _ := l.Claim(ctx, "Y", now, time.Minute); g.State != contact.StateNew {
		t.Errorf("claim after a refused send %+v; want new (send again)", g)
	}
	for _, in := range table.calls {
		if *in.TableName != "ledger" {
			t.Errorf("update of table %q", *in.TableName)
		}
	}
}
