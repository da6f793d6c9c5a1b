package sesmail

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudwatchlogs"
	cwtypes "github.com/aws/aws-sdk-go-v2/service/cloudwatchlogs/types"

	"github.com/vozia/site/functions/contact"
)

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
		got, err := l.has(context.Background(), contact.Enquiry{ID: id, Received: time.Now()})
		if err != nil || got != want {
			t.Errorf("%s: %v, %v; want %v", id, got, err, want)
		}
	}
	if !strings.Contains(f.pattern[0], `$.detail.mail.tags.enquiry[0] = "SENT1"`) && !strings.Contains(f.pattern[0], `"LOST2"`) {
		t.Errorf("filter pattern %q does not look for the enquiry tag", f.pattern[0])
	}
}
