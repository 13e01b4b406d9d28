// libzim's API is C++ (<zim/writer/creator.h>); the ZimBridge target wraps what citygen uses in C.
