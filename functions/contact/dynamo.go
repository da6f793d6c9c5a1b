package contact

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
)

// dynamoLedger is the deployed Ledger: one DynamoDB item per enquiry id,
//
//	id       S  the enquiry id (partition key)
//	state    S  sending | sent | failed | unknown
//	lease    N  while sending: until when, in Unix milliseconds
//	token    S  while sending: which attempt holds the claim
//	expires  N  Unix seconds; the table's TTL attribute (retention days)
//
// It holds ids and states only, no personal data. Every write is
// conditional, so two attempts on one id cannot both win a claim, and a
// late attempt cannot undo another's "sent".
type dynamoLedger struct {
	client interface {
		UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	}
	table     string
	retention time.Duration
}

// NewDynamoLedger returns the ledger in table, whose items expire after
// retention.
func NewDynamoLedger(client *dynamodb.Client, table string, retention time.Duration) Ledger {
	return &dynamoLedger{client: client, table: table, retention: retention}
}

func (l *dynamoLedger) Claim(ctx context.Context, id string, now time.Time, lease time.Duration) (Claim, error) {
	token := rand.Text()
	out, err := l.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:        aws.String(l.table),
		Key:              map[string]types.AttributeValue{"id": str(id)},
		UpdateExpression: aws.String("SET #s = :sending, #l = :until, #t = :token, #x = if_not_exists(#x, :expires)"),
		ConditionExpression: aws.String("attribute_not_exists(#i) OR #s = :failed OR #s = :unknown OR " +
			"(#s = :sending AND #l < :now)"),
		ExpressionAttributeNames: map[string]string{"#i": "id", "#s": "state", "#l": "lease", "#t": "token", "#x": "expires"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":sending": str(string(stateSending)),
			":failed":  str(string(StateFailed)),
			":unknown": str(string(StateUnknown)),
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
		if itemState(failed.Item) == StateSent {
			return Claim{State: StateSent}, nil
		}
		return Claim{State: StateBusy, Until: time.UnixMilli(itemNum(failed.Item, "lease"))}, nil
	}
	if err != nil {
		return Claim{}, err
	}
	switch itemState(out.Attributes) {
	case "", StateFailed:
		return Claim{State: StateNew, Token: token}, nil
	default: // unknown, or an expired claim whose attempt never settled
		return Claim{State: StateUnknown, Token: token}, nil
	}
}

func (l *dynamoLedger) Settle(ctx context.Context, id, token string, st State, now time.Time) error {
	in := &dynamodb.UpdateItemInput{
		TableName:                aws.String(l.table),
		Key:                      map[string]types.AttributeValue{"id": str(id)},
		UpdateExpression:         aws.String("SET #s = :state REMOVE #l, #t"),
		ExpressionAttributeNames: map[string]string{"#s": "state", "#l": "lease", "#t": "token"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":state": str(string(st)),
		},
	}
	if st != StateSent {
		in.ConditionExpression = aws.String("#s = :sending AND #t = :token")
		in.ExpressionAttributeValues[":sending"] = str(string(stateSending))
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

func itemState(item map[string]types.AttributeValue) State {
	if v, ok := item["state"].(*types.AttributeValueMemberS); ok {
		return State(v.Value)
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
