package sesmail

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudwatchlogs"

	"github.com/vozia/site/functions/contact"
)

// sendLog is the CloudWatch Logs group that an EventBridge rule writes SES's
// "Email Sent" events to: one JSON event per mail SES accepted, with the
// mail's tags (enquiry=<id>) in detail.mail.tags.
type sendLog struct {
	client interface {
		FilterLogEvents(context.Context, *cloudwatchlogs.FilterLogEventsInput, ...func(*cloudwatchlogs.Options)) (*cloudwatchlogs.FilterLogEventsOutput, error)
	}
	group string
}

func newSendLog(cfg aws.Config, group string) *sendLog {
	return &sendLog{client: cloudwatchlogs.NewFromConfig(cfg), group: group}
}

// has reports whether the log holds a send event for e, looking from a
// minute before e was received (clocks differ a little) to now.
func (l *sendLog) has(ctx context.Context, e contact.Enquiry) (bool, error) {
	in := &cloudwatchlogs.FilterLogEventsInput{
		LogGroupName:  aws.String(l.group),
		FilterPattern: aws.String(fmt.Sprintf(`{ $.detail.mail.tags.%s[0] = "%s" }`, enquiryTag, e.ID)),
		StartTime:     aws.Int64(e.Received.Add(-time.Minute).UnixMilli()),
		Limit:         aws.Int32(1),
	}
	for {
		out, err := l.client.FilterLogEvents(ctx, in)
		if err != nil {
			return false, fmt.Errorf("send log: %w", err)
		}
		if len(out.Events) > 0 {
			return true, nil
		}
		if out.NextToken == nil {
			return false, nil
		}
		in.NextToken = out.NextToken
	}
}
