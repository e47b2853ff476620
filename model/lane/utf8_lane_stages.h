// Latency of the wide blocks' log-depth stages (the prefix counts and the
// compactions of rtl/stream/utf8_wide_decoder.v and rtl/stream/utf8_sanitizer.v): how many
// registers the RTL's cut_mask puts into a stage of `levels` levels, for the
// cycle models' delay lines.
#ifndef UTF8CORE_MODEL_UTF8_LANE_STAGES_H_
#define UTF8CORE_MODEL_UTF8_LANE_STAGES_H_

namespace utf8core {

// Registers of a stage of `levels` levels cut every `step` levels and after
// the last one (the RTL's cut_mask).
inline int StageCuts(int levels, int step) {
  int n = 0;
  for (int i = 0; i < levels; ++i) {
    if (i % step == step - 1 || i == levels - 1) ++n;
  }
  return n;
}

// Levels of a log-depth network over n elements: ceil(log2(n)), the RTL's $clog2.
inline int CeilLog2(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}

}  // namespace utf8core

#endif  // UTF8CORE_MODEL_UTF8_LANE_STAGES_H_
