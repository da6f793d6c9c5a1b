// Package dynamoledger is the delivery's ledger on DynamoDB: the deployed
// contact.Ledger, the record per enquiry id of whether its mail was sent,
// which keeps the delivery from mailing one enquiry twice.
//
// One item per enquiry id:
//
//	id       S  the enquiry id (partition key)
//	state    S  sending | sent | failed | unknown
//	lease    N  while sending: until when, in Unix milliseconds
//	token    S  while sending: which attempt holds the claim
//	expires  N  Unix seconds; the table's TTL attribute (retention days)
//
// It holds ids and states only, no personal data. Every write is
// conditional, so two attempts on one id cannot both win a claim, and a
// late attempt cannot undo another's "sent". An item expires the
// retention after its first claim (contact.Deliverer, "Retention").
package dynamoledger

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/vozia/site/functions/contact"
)

// ledger is the contact.Ledger in one DynamoDB table.
type ledger struct {
	client interface {
		UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	}
	table     string
	retention time.Duration
}

// New returns the ledger in table, whose items expire after retention.
func New(client *dynamodb.Client, table string, retention time.Duration) contact.Ledger {
	return &ledger{client: client, table: table, retention: retention}
}

func (l *ledger) Claim(ctx context.Context, id string, now time.Time, lease time.Duration) (contact.Claim, error) {
	token := rand.Text()
	out, err := l.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:        aws.String(l.table),
		Key:              map[string]types.AttributeValue{"id": str(id)},
		UpdateExpression: aws.String("SET #s = :sending, #l = :until, #t = :token, #x = if_not_exists(#x, :expires)"),
		ConditionExpression: aws.String("attribute_not_exists(#i) OR #s = :failed OR #s = :unknown OR " +
			"(#s = :sending AND #l < :now)"),
		ExpressionAttributeNames: map[string]string{"#i": "id", "#s": "state", "#l": "lease", "#t": "token", "#x": "expires"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":sending": str(string(contact.StateSending)),
			":failed":  str(string(contact.StateFailed)),
			":unknown": str(string(contact.StateUnknown)),
			":until":   num(now.Add(lease).UnixMilli()),
			":now":     num(now.UnixMilli()),
			":token":   str(token),
			":expires": num(now.Add(l.retention).Unix()),
		},
		ReturnValues:                        types.ReturnValueAllOld,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var failed *types.ConditionalCheckFailedException
	if errors.As(err, &failed) {
		if itemState(failed.Item) == contact.StateSent {
			return contact.Claim{State: contact.StateSent}, nil
		}
		return contact.Claim{State: contact.StateBusy, Until: time.UnixMilli(itemNum(failed.Item, "lease"))}, nil
	}
	if err != nil {
		return contact.Claim{}, err
	}
	switch itemState(out.Attributes) {
	case "", contact.StateFailed:
		return contact.Claim{State: contact.StateNew, Token: token}, nil
	default: // unknown, or an expired claim whose attempt never settled
		return contact.Claim{State: contact.StateUnknown, Token: token}, nil
	}
}

func (l *ledger) Settle(ctx context.Context, id, token string, st contact.State, now time.Time) error {
	in := &dynamodb.UpdateItemInput{
		TableName:                aws.String(l.table),
		Key:                      map[string]types.AttributeValue{"id": str(id)},
		UpdateExpression:         aws.String("SET #s = :state REMOVE #l, #t"),
		ExpressionAttributeNames: map[string]string{"#s": "state", "#l": "lease", "#t": "token"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":state": str(string(st)),
		},
	}
	if st != contact.StateSent {
		in.ConditionExpression = aws.String("#s = :sending AND #t = :token")
		in.ExpressionAttributeValues[":sending"] = str(string(contact.StateSending))
		in.ExpressionAttributeValues[":token"] = str(token)
	}
	_, err := l.client.UpdateItem(ctx, in)
	var failed *types.ConditionalCheckFailedException
	if errors.As(err, &failed) {
		return nil // no longer this attempt's claim: nothing to release
	}
	if err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	return nil
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

func itemState(item map[string]types.AttributeValue) contact.State {
	if v, ok := item["state"].(*types.AttributeValueMemberS); ok {
		return contact.State(v.Value)
	}
	return ""
}

func itemNum(item map[string]types.AttributeValue, name string) int64 {
	if v, ok := item[name].(*types.AttributeValueMemberN); ok {
		n, _ := strconv.ParseInt(v.Value, 10, 64)
		return n
	}
	return 0
}
