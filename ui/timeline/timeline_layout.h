#pragma once
// A timeline's vertical layout and its track-name column, after the expanded and collapsed rows of
// Qt Creator's TimelineModel: the model's tracks in order, each a header line followed, while it is
// expanded, by a line per row; a rank's group of tracks (profiles of several ranks) gets a header line
// of its own above them, and while it is collapsed that line stands for all of them; the heights the font gives lines
// and the ruler; and the width of the names column, which follows the font until the user drags its edge. The ruler is
// the time ruler and, when the profile marks steps, the step ruler's band below it. Content coordinates: y = 0 is the
// first line's top (just below the ruler); the view adds the ruler and its scroll position.

#include <cstddef>
#include <vector>

namespace opscope::ui {

class TimelineModel;

class TimelineLayout {
public:
    // One line of the layout: a track header, or a model row of an expanded track.
    struct Line {
        int y = 0; // content coordinates
        int height = 0;
        int track = 0;  // a group header: the group's summary track
        int row = -1;   // -1 for a header
        int group = -1; // a group's header line: the group; -1 for every other line
        bool isGroupHeader() const { return group >= 0; }
    };

    static constexpr int kMinLabelWidth = 60; // the names column never gets narrower
    static constexpr int kMinTimeWidth = 100; // nor so wide that less time area than this is left

    // Lays out `model` (none: no lines) with every track expanded; the model must outlive the layout's use.
    void setModel(const TimelineModel *model);

    // ---- Lines ----
    const std::vector<Line> &lines() const { return lines_; }
    int contentHeight() const { return contentHeight_; }
    // The line at content y, or null (above the first line, below the last).
    const Line *lineAt(int y) const;
    // A model row's line; null while its track is collapsed.
    const Line *rowLine(int row) const;
    // A track's header line; its group's while the group is collapsed.
    const Line &trackHeader(int track) const;
    bool isExpanded(int track) const;
    // Whether anything changed (an unknown track, or one already so, changes nothing).
    bool setExpanded(int track, bool expanded);
    bool isGroupExpanded(int group) const;
    bool setGroupExpanded(int group, bool expanded);
    // Whether a header line shows its summary row (its track, or its group, is collapsed).
    bool showsSummary(const Line &header) const;
    // A header line's disclosure: expands what is collapsed and collapses what is expanded.
    void toggle(const Line &header);

    // ---- Metrics ----
    // From the font: line and ruler heights, and the names column's width while the user set none.
    void setFontMetrics(int fontHeight, int averageCharWidth, int viewportWidth);
    int rowHeight() const { return rowHeight_; }
    int headerHeight() const { return headerHeight_; }
    // Everything above the lines: the time ruler, the step band and the phase band.
    int rulerHeight() const { return rulerHeight_ + stepBandHeight() + phaseBandHeight(); }
    int timeRulerHeight() const { return rulerHeight_; }
    // The step ruler's band right below the time ruler; 0 while there is none.
    int stepBandHeight() const { return stepBand_ ? stepBandHeight_ : 0; }
    void setStepBand(bool shown) { stepBand_ = shown; }
    // The phases of generation requests (prefill, decode#k) right below the step band; 0 while there are none.
    int phaseBandHeight() const { return phaseBand_ ? stepBandHeight_ : 0; }
    void setPhaseBand(bool shown) { phaseBand_ = shown; }

    // ---- The track-name column ----
    int labelWidth() const { return labelWidth_; }
    // The width the user chose (at least kMinLabelWidth), or 0 to follow the font. While `onScreen`, the
    // chosen width becomes what the viewport could give, not what was asked.
    void setUserLabelWidth(int width, int viewportWidth, bool onScreen);
    int userLabelWidth() const { return userLabelWidth_; }
    // Keeps a chosen width within a viewport of this width (kMinTimeWidth of time area left).
    void fitLabelWidth(int viewportWidth);
    // Whether viewport x is on the column's right edge, where a press resizes it.
    bool onLabelEdge(int x) const;

private:
    void relayout();

    const TimelineModel *model_ = nullptr;
    std::vector<char> expanded_;      // per track
    std::vector<char> groupExpanded_; // per track group
    std::vector<int> groupLine_;      // group -> its header's index in lines_
    std::vector<Line> lines_;         // in y order
    std::vector<int> rowLine_;        // model row -> index in lines_, or -1 when collapsed
    std::vector<int> trackLine_;      // track -> its header's index in lines_
    int contentHeight_ = 0;

    int rowHeight_ = 18;
    int headerHeight_ = 20;
    int rulerHeight_ = 24;
    int stepBandHeight_ = 20;
    bool stepBand_ = false;
    bool phaseBand_ = false;
    int labelWidth_ = 220;
    int userLabelWidth_ = 0; // 0: from the font
    int fontLabelWidth_ = 220;
};

} // namespace opscope::ui
